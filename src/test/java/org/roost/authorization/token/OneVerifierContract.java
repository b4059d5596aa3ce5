package org.roost.authorization.token;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.support.DPoPKey;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.roost.support.OAuthPerson.form;

/**
 * Every door checks a token alike ({@link AccessTokenVerifier}): a DPoP-bound access token sent as a plain bearer
 * token, without a proof, is refused by REST, the event stream, GraphQL over HTTP, the GraphQL WebSocket's
 * {@code connection_init} and userinfo, each of which accepts a plain token of the same grant. Over real HTTP,
 * on H2 and on PostgreSQL.
 */
abstract class OneVerifierContract {

    private static final String CLIENT = "roost-demo-service";
    private static final String REDIRECT = "http://127.0.0.1:8082/callback";

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    /** The person's access token for the demo service; bound to {@code key} when one is given. */
    private String accessToken(OAuthPerson person, DPoPKey key) {
        String callback = person.authorize(UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize")
                .queryParam("response_type", "code").queryParam("client_id", CLIENT).queryParam("redirect_uri", REDIRECT)
                .queryParam("scope", "openid+users:read+posts:read").queryParam("state", "s").build().toUriString());
        String code = UriComponentsBuilder.fromUriString(callback).build().getQueryParams().getFirst("code");
        String[] headers = key == null ? new String[] { "Authorization", OAuthPerson.basic(CLIENT, "demo-service-secret") }
                : new String[] { "Authorization", OAuthPerson.basic(CLIENT, "demo-service-secret"),
                        "DPoP", key.proof("POST", base() + "/oauth2/token") };
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "authorization_code", "code", code, "redirect_uri", REDIRECT), headers);
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("access_token").asString();
    }

    /** The status of each door for this bearer token: REST, event stream, GraphQL over HTTP, userinfo. */
    private int[] httpDoors(OAuthPerson person, String token) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        // the stream answers with its headers and stays open: only the status is read
        HttpResponse<java.io.InputStream> stream = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base() + "/graphql"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"subscription { followerAdded { id } }\"}")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        stream.body().close();
        HttpResponse<String> graphql = http.send(HttpRequest.newBuilder(URI.create(base() + "/graphql"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"{ me { username } }\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (graphql.statusCode() == 200) {
            assertThat(graphql.body()).contains(person.username);
        }
        return new int[] {
                http.send(HttpRequest.newBuilder(URI.create(base() + "/api/v1/users/" + person.id))
                        .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.discarding()).statusCode(),
                stream.statusCode(), graphql.statusCode(),
                http.send(HttpRequest.newBuilder(URI.create(base() + "/userinfo")).header("Authorization", "Bearer " + token)
                        .build(), HttpResponse.BodyHandlers.discarding()).statusCode() };
    }

    /** The first answer to {@code connection_init} with this bearer token: {@code connection_ack}, or a close code. */
    private String webSocketDoor(String token) throws Exception {
        return webSocket("{\"Authorization\":\"Bearer " + token + "\"}");
    }

    /** The first answer to {@code connection_init} with this payload, after a handshake with these headers. */
    private String webSocket(String payload, String... handshakeHeaders) throws Exception {
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
        for (int i = 0; i < handshakeHeaders.length; i += 2) {
            builder.header(handshakeHeaders[i], handshakeHeaders[i + 1]);
        }
        WebSocket socket = builder.subprotocols("graphql-transport-ws")
                .buildAsync(URI.create(base().replace("http:", "ws:") + "/graphql"), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        answers.add(data.toString());
                        webSocket.request(1);
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
                        answers.add("close " + statusCode);
                        return CompletableFuture.completedFuture(null);
                    }
                }).get(10, TimeUnit.SECONDS);
        socket.sendText("{\"type\":\"connection_init\",\"payload\":" + payload + "}", true).get(5, TimeUnit.SECONDS);
        String answer = answers.poll(10, TimeUnit.SECONDS);
        socket.abort();
        return answer;
    }

    @Test
    void everyDoorRefusesADPoPBoundTokenSentAsBearerAndAcceptsAPlainOne() throws Exception {
        // given a plain token and a DPoP-bound one of the same person and client
        OAuthPerson person = OAuthPerson.signUp(base(), "dora");
        DPoPKey key = DPoPKey.generate();
        String plain = accessToken(person, null);
        String bound = accessToken(person, key);
        assertThat(OAuthPerson.jwtPart(bound, 1).get("cnf").get("jkt").asString()).isEqualTo(key.thumbprint());

        // when each is presented as a bearer token, without a proof, at every door
        int[] plainAnswers = httpDoors(person, plain);
        int[] boundAnswers = httpDoors(person, bound);
        String plainSocket = webSocketDoor(plain);
        String boundSocket = webSocketDoor(bound);

        // then the plain one is accepted everywhere and the bound one nowhere
        assertThat(plainAnswers).containsExactly(200, 200, 200, 200);
        assertThat(plainSocket).contains("connection_ack");
        assertThat(boundAnswers).containsExactly(401, 401, 401, 401);
        assertThat(boundSocket).doesNotContain("connection_ack").startsWith("close 44");
        // and the bound one works where its proof is sent with it
        String url = base() + "/api/v1/users/" + person.id;
        assertThat(HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "DPoP " + bound).header("DPoP", key.proof("GET", url, bound)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
    }

    @Test
    void aBoundTokenOpensAWebSocketOnlyWithAProofForItsHandshake() throws Exception {
        // given a DPoP-bound token and a proof for the handshake's request
        OAuthPerson person = OAuthPerson.signUp(base(), "dora");
        DPoPKey key = DPoPKey.generate();
        String bound = accessToken(person, key);
        String proof = key.proof("GET", base() + "/graphql", bound);

        // when the handshake carries the token with its proof, and then the same proof again
        String withProof = webSocket("{}", "Authorization", "DPoP " + bound, "DPoP", proof);
        Throwable replayed = catchThrowable(
                () -> webSocket("{}", "Authorization", "DPoP " + bound, "DPoP", proof));
        Throwable asBearer = catchThrowable(
                () -> webSocket("{}", "Authorization", "Bearer " + bound));

        // then the first is the same check as any HTTP request's and opens it; a replayed proof or none does not
        assertThat(withProof).contains("connection_ack");
        assertThat(replayed).isNotNull();
        assertThat(asBearer).isNotNull();
    }
}
