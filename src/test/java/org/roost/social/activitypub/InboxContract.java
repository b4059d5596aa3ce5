package org.roost.social.activitypub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.roost.platform.origin.PublicOrigin;
import org.roost.social.activitypub.signatures.HttpSignatures;
import org.roost.support.ApiClient;
import org.roost.support.SteppingClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The signed inbox through the service's own chain, against a peer of the test's own: two actors served by an
 * embedded HTTP server on 127.0.0.1 (an allowed outbound host in the test profile), each with a key pair, and an
 * inbox that records what reaches it. A Follow signed as Mastodon signs is answered 202, kept, listed in the
 * followers collection and accepted with an Accept signed by the person's key; its Undo removes it. Refused:
 * no signature, a tampered body, a stale Date, another actor's key, a body over the limit. Run on PostgreSQL
 * ({@link InboxOnPostgresTest}) and H2 ({@link InboxOnH2Test}); Fedify's side of the same is {@link FedifyPeerTest}.
 */
abstract class InboxContract {

    static final ObjectMapper JSON = new ObjectMapper();
    static KeyPair alice;
    static KeyPair mallory;
    /** The peer's actors by name, with the key each publishes now (a test may rotate one). */
    static final Map<String, KeyPair> actors = new ConcurrentHashMap<>();
    static HttpServer peer;
    static final List<Received> received = new CopyOnWriteArrayList<>();

    @Autowired
    MockMvcTester mvc;

    @Autowired
    PublicOrigin origin;

    @Autowired
    SteppingClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    record Received(String path, Map<String, String> headers, byte[] body) {
    }

    @BeforeAll
    static void startPeer() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        alice = generator.generateKeyPair();
        mallory = generator.generateKeyPair();
        actors.put("alice", alice);
        actors.put("mallory", mallory);
        peer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        peer.createContext("/users/", InboxContract::serve);
        peer.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        peer.start();
    }

    @AfterAll
    static void stopPeer() {
        peer.stop(0);
    }

    static String peerUrl(String path) {
        return "http://127.0.0.1:" + peer.getAddress().getPort() + path;
    }

    private static void serve(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String path = exchange.getRequestURI().getPath();
            if (exchange.getRequestMethod().equals("POST")) {
                Map<String, String> headers = new java.util.HashMap<>();
                exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), String.join(", ", values)));
                received.add(new Received(path, headers, in.readAllBytes()));
                exchange.sendResponseHeaders(202, -1);
                return;
            }
            String name = path.substring("/users/".length());
            KeyPair pair = actors.get(name);
            if (pair == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            String id = peerUrl("/users/" + name);
            byte[] actor = JSON.writeValueAsBytes(Map.of("@context", List.of(ActivityStreams.CONTEXT, ActivityStreams.SECURITY),
                    "id", id, "type", "Person", "preferredUsername", name, "inbox", id + "/inbox",
                    "endpoints", Map.of("sharedInbox", peerUrl("/users/inbox")),
                    "publicKey", Map.of("id", id + "#main-key", "owner", id,
                            "publicKeyPem", ActorKeys.pem("PUBLIC KEY", pair.getPublic().getEncoded()))));
            exchange.getResponseHeaders().set("Content-Type", "application/activity+json");
            exchange.sendResponseHeaders(200, actor.length);
            exchange.getResponseBody().write(actor);
        }
    }

    /** POSTs {@code body} to {@code path}, signed as Mastodon signs by {@code key} named {@code keyId}. */
    MvcTestResult post(String path, String body, PrivateKey key, String keyId, Instant date, String sentBody) {
        String host = origin.url().replaceFirst("^https?://", "");
        String httpDate = HttpSignatures.httpDate(date);
        String digest = HttpSignatures.digest(body.getBytes(StandardCharsets.UTF_8));
        Map<String, String> headers = Map.of("host", host, "date", httpDate, "digest", digest);
        String signature = HttpSignatures.sign(key,
                HttpSignatures.signingString(HttpSignatures.REQUIRED, "POST", path, headers::get).orElseThrow());
        return mvc.post().uri(path).header("Host", host).header("Date", httpDate).header("Digest", digest)
                .header("Signature", "keyId=\"" + keyId + "\",algorithm=\"rsa-sha256\",headers=\"(request-target) host date digest\",signature=\"" + signature + "\"")
                .contentType("application/activity+json").content(sentBody).exchange();
    }

    MvcTestResult post(String path, String body, KeyPair pair, String name) {
        return post(path, body, pair.getPrivate(), peerUrl("/users/" + name) + "#main-key", Instant.now(), body);
    }

    static String follow(String id, String actor, String object) throws Exception {
        return JSON.writeValueAsString(Map.of("@context", ActivityStreams.CONTEXT, "id", id, "type", "Follow",
                "actor", actor, "object", object));
    }

    JsonNode followers(long userId, boolean page) throws Exception {
        var result = mvc.get().uri("/ap/users/" + userId + "/followers" + (page ? "?page=true" : ""))
                .header("Accept", "application/activity+json").exchange();
        assertThat(result).hasStatus(200);
        return JSON.readTree(result.getResponse().getContentAsString());
    }

    @Test
    void aSignedFollowIsKeptAcceptedWithASignedAcceptListedAndUndone() throws Exception {
        var pat = new ApiClient(mvc).newUser("inbox");
        String patActor = origin.link("/ap/users/" + pat.userId());
        String aliceActor = peerUrl("/users/alice");
        String followId = aliceActor + "/follows/" + UUID.randomUUID();
        String follow = follow(followId, aliceActor, patActor);

        var accepted = post("/ap/users/" + pat.userId() + "/inbox", follow, alice, "alice");
        var again = post("/ap/inbox", follow, alice, "alice");

        assertThat(accepted).hasStatus(202);
        assertThat(again).as("the same Follow delivered twice, to the shared inbox").hasStatus(202);
        Received accept = await().atMost(Duration.ofSeconds(20)).until(
                () -> received.stream().filter(r -> new String(r.body(), StandardCharsets.UTF_8).contains(followId)).findFirst(),
                java.util.Optional::isPresent).orElseThrow();
        JsonNode acceptBody = JSON.readTree(accept.body());
        assertThat(accept.path()).isEqualTo("/users/alice/inbox");
        assertThat(acceptBody.get("type").asString()).isEqualTo("Accept");
        assertThat(acceptBody.get("actor").asString()).isEqualTo(patActor);
        assertThat(acceptBody.get("object").get("id").asString()).isEqualTo(followId);
        // the Accept is signed by Pat's published key, over (request-target) host date digest
        var signature = HttpSignatures.parse(accept.headers().get("signature")).orElseThrow();
        assertThat(signature.keyId()).isEqualTo(patActor + "#main-key");
        assertThat(signature.headers()).containsExactlyElementsOf(HttpSignatures.REQUIRED);
        assertThat(HttpSignatures.digestMatches(accept.headers().get("digest"), accept.body())).isTrue();
        String pem = JSON.readTree(mvc.get().uri("/ap/users/" + pat.userId()).header("Accept", "application/activity+json")
                .exchange().getResponse().getContentAsString()).get("publicKey").get("publicKeyPem").asString();
        String signed = HttpSignatures.signingString(signature.headers(), "POST", accept.path(), accept.headers()::get).orElseThrow();
        assertThat(HttpSignatures.verify(HttpSignatures.publicKey(pem), signed, signature.signature())).isTrue();
        assertThat(received.stream().filter(r -> new String(r.body(), StandardCharsets.UTF_8).contains(followId)))
                .as("accepted once").hasSize(1);

        assertThat(followers(pat.userId(), false).get("totalItems").asLong()).isEqualTo(1);
        assertThat(followers(pat.userId(), true).get("orderedItems").toString()).isEqualTo("[\"" + aliceActor + "\"]");

        String undo = JSON.writeValueAsString(Map.of("@context", ActivityStreams.CONTEXT, "id", followId + "/undo",
                "type", "Undo", "actor", aliceActor, "object", JSON.readTree(follow)));
        assertThat(post("/ap/inbox", undo, alice, "alice")).hasStatus(202);
        assertThat(followers(pat.userId(), false).get("totalItems").asLong()).isZero();
        assertThat(followers(pat.userId(), true).get("orderedItems").size()).isZero();
    }

    @Test
    void unsignedTamperedStaleAndOtherActorsDeliveriesAreRefused() throws Exception {
        var sam = new ApiClient(mvc).newUser("inbox");
        String inbox = "/ap/users/" + sam.userId() + "/inbox";
        String aliceActor = peerUrl("/users/alice");
        String follow = follow(aliceActor + "/follows/" + UUID.randomUUID(), aliceActor, origin.link("/ap/users/" + sam.userId()));
        String aliceKey = aliceActor + "#main-key";

        var unsigned = mvc.post().uri(inbox).contentType("application/activity+json").content(follow).exchange();
        var tampered = post(inbox, follow, alice.getPrivate(), aliceKey, Instant.now(), follow.replace("Follow", "Block"));
        var stale = post(inbox, follow, alice.getPrivate(), aliceKey, Instant.now().minus(Duration.ofHours(13)), follow);
        var future = post(inbox, follow, alice.getPrivate(), aliceKey, Instant.now().plus(Duration.ofHours(13)), follow);
        var wrongKey = post(inbox, follow, mallory.getPrivate(), aliceKey, Instant.now(), follow);
        var otherActor = post(inbox, follow, mallory, "mallory");
        var unknownKey = post(inbox, follow, alice.getPrivate(), peerUrl("/users/nobody#main-key"), Instant.now(), follow);

        for (var refused : List.of(unsigned, tampered, stale, future, wrongKey, otherActor, unknownKey)) {
            assertThat(refused).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        }
        assertThat(followers(sam.userId(), false).get("totalItems").asLong()).as("nothing kept").isZero();
    }

    @Test
    void aRotatedKeyIsFetchedAgainOnceTheCachedOneIsOverAMinuteOld() throws Exception {
        var kim = new ApiClient(mvc).newUser("inbox");
        String kimActor = origin.link("/ap/users/" + kim.userId());
        String name = "rotating-" + UUID.randomUUID();
        String rotating = peerUrl("/users/" + name);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair before = generator.generateKeyPair();
        KeyPair after = generator.generateKeyPair();
        actors.put(name, before);

        var first = post("/ap/inbox", follow(rotating + "/follows/1", rotating, kimActor), before, name);
        actors.put(name, after);
        var tooSoon = post("/ap/inbox", follow(rotating + "/follows/2", rotating, kimActor), after, name);
        clock.advance(Duration.ofMinutes(2));
        var later = post("/ap/inbox", follow(rotating + "/follows/3", rotating, kimActor), after, name);

        assertThat(first).hasStatus(202);
        assertThat(tooSoon).as("the key was fetched under a minute ago: not again")
                .hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        assertThat(later).as("fetched again, the new key verifies").hasStatus(202);
        assertThat(followers(kim.userId(), false).get("totalItems").asLong()).as("one follower, re-followed").isEqualTo(1);
    }

    @Test
    void aBodyOverTheLimitIsRefusedAndMalformedOnesAreBadRequests() throws Exception {
        String aliceActor = peerUrl("/users/alice");
        String large = "{\"pad\":\"" + "x".repeat(InboxController.MAX_BODY) + "\"}";
        String notJson = "{\"type\":";
        String noId = JSON.writeValueAsString(Map.of("type", "Follow", "actor", aliceActor));

        var tooLarge = post("/ap/inbox", large, alice, "alice");
        var malformed = post("/ap/inbox", notJson, alice, "alice");
        var withoutId = post("/ap/inbox", noId, alice, "alice");
        var nobody = post("/ap/users/999999999/inbox", noId, alice, "alice");

        assertThat(tooLarge).hasStatus(413).bodyJson().extractingPath("$.error.code").isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(malformed).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(withoutId).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(nobody).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
    }
}
