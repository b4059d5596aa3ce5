package org.roost.graphql;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.graphql.client.WebSocketGraphQlClientInterceptor;
import org.springframework.graphql.test.tester.WebSocketGraphQlTester;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.reactive.socket.client.StandardWebSocketClient;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** First-party JWTs on every GraphQL transport, with the same rules as sessions. */
@LiveGraphQlTest
class GraphQlBearerTest {

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    String tokenFor(ApiClient.Login login) throws Exception {
        MvcTestResult result = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"" + login.username() + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}").exchange();
        assertThat(result).hasStatus(200);
        return JsonPath.read(result.getResponse().getContentAsString(), "$.access_token");
    }

    MvcTestResult graphql(String token, String query) {
        return mvc.post().uri("/graphql").header("Authorization", "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"" + query.replace("\"", "\\\"") + "\"}").exchange();
    }

    /** A token minted by the running server, so its issuer is the origin the WebSocket connects to. */
    String liveTokenFor(ApiClient.Login login) throws Exception {
        var response = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/auth/token")).header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"username\":\"" + login.username()
                                + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return JsonPath.read(response.body(), "$.access_token");
    }

    WebSocketGraphQlTester webSocket(String token) {
        return WebSocketGraphQlTester.builder(URI.create("ws://localhost:" + port + "/graphql"), new StandardWebSocketClient())
                .interceptor(new WebSocketGraphQlClientInterceptor() {
                    @Override
                    public Mono<Object> connectionInitPayload() {
                        return Mono.just(Map.of("Authorization", "Bearer " + token));
                    }
                }).build();
    }

    @Test
    void answersQueriesAndMutationsForABearerWithoutCsrf() throws Exception {
        // given
        ApiClient.Login me = new ApiClient(mvc).newUser("gqlbearer");
        String token = tokenFor(me);

        // when
        var query = graphql(token, "{ me { username } }");
        var mutation = graphql(token, "mutation { createPost(input: {title: \"by token\", body: \"\"}) { title author { id } } }");

        // then
        assertThat(query).hasStatus(200).bodyJson().extractingPath("$.data.me.username").isEqualTo(me.username());
        assertThat(mutation).hasStatus(200).bodyJson().extractingPath("$.data.createPost.author.id")
                .isEqualTo(Long.toString(me.userId()));
    }

    @Test
    void refusesADenylistedTokenOnGraphQl() throws Exception {
        // given
        ApiClient.Login me = new ApiClient(mvc).newUser("gqlrevoked");
        String token = tokenFor(me);
        assertThat(mvc.post().uri("/auth/logout").header("Authorization", "Bearer " + token).exchange()).hasStatus(204);

        // when
        var result = graphql(token, "{ me { username } }");

        // then
        assertThat(result).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_TOKEN");
    }

    @Test
    void subscribesOverWebSocketWithABearerInConnectionInit() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("wsbearer");
        WebSocketGraphQlTester tester = webSocket(liveTokenFor(author));

        // when
        CompletableFuture<String> title = tester.document("subscription($a: ID) { postCreated(authorId: $a) { title } }")
                .variable("a", Long.toString(author.userId())).executeSubscription()
                .toFlux("postCreated.title", String.class).next().toFuture();

        // then
        for (int i = 0; i < 40 && !title.isDone(); i++) {
            api.createPost(author, "via token");
            try {
                title.get(250, TimeUnit.MILLISECONDS);
            }
            catch (TimeoutException notSubscribedYet) {
                // keep writing until the subscription is established
            }
        }
        assertThat(title.get(1, TimeUnit.SECONDS)).isEqualTo("via token");
        tester.stop().block(Duration.ofSeconds(5));
    }

    @Test
    void refusesAWebSocketWhoseBearerIsForged() {
        WebSocketGraphQlTester tester = webSocket("eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.");

        assertThatThrownBy(() -> tester.document("subscription { followerAdded { id } }").executeSubscription().toFlux()
                .blockFirst(Duration.ofSeconds(10))).hasStackTraceContaining("4401");
    }
}
