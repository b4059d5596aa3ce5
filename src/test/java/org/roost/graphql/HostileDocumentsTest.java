package org.roost.graphql;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Documents an anonymous caller can send that cost far more than their size: fragments that spread the
 * next one several times, bad-faith introspection, costs hidden behind fragments and variables. Each is
 * refused before validation expands it, over HTTP, Server-Sent Events and WebSocket alike. The time bounds
 * here are loose on purpose (the same documents took seconds to minutes before); bench/hostile-graphql.sh
 * measures the real figures.
 */
@LiveGraphQlTest
public class HostileDocumentsTest {

    @LocalServerPort
    int port;

    private String base;

    @BeforeEach
    void server() {
        base = "http://localhost:" + port;
    }

    /** {@code levels} fragments, each spreading the next {@code width} times; the last reads __typename. */
    public static String fanOut(int levels, int width) {
        StringBuilder document = new StringBuilder("query { ...F0 }");
        for (int i = 0; i < levels; i++) {
            String next = "...F" + (i + 1);
            String body = i == levels - 1 ? "__typename"
                    : IntStream.range(0, width).mapToObj(n -> next).collect(Collectors.joining(" "));
            document.append(" fragment F").append(i).append(" on Query { ").append(body).append(" }");
        }
        return document.toString();
    }

    private HttpResponse<String> post(String query, String... headers) {
        List<String> all = new ArrayList<>(List.of("Accept", "application/graphql-response+json"));
        all.addAll(List.of(headers));
        return new HttpSession(base).postJson("/graphql", GraphQlClient.JSON.writeValueAsString(Map.of("query", query)),
                all.toArray(String[]::new));
    }

    private static String code(HttpResponse<String> response) {
        return Json.of(response.body()).get("errors").get(0).get("extensions").get("code").asString();
    }

    @Test
    void refusesAThirtyLevelFragmentFanOutBeforeExpandingIt() {
        // given: 1 KB of text that expands to 2^30 fields
        String document = fanOut(30, 2);
        long started = System.nanoTime();

        // when
        HttpResponse<String> response = post(document);

        // then (expanding 2^30 fields would take minutes or exhaust the heap: 10 s is generous for a loaded machine)
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
        assertThat(Json.of(response.body()).get("errors").get(0).get("message").asString()).contains("fields");
    }

    @Test
    void refusesAFourWayFanOut() {
        // when
        HttpResponse<String> response = post(fanOut(12, 4));

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void keepsLivenessAnsweringWhileThreeFanOutsAreRefused() throws Exception {
        // given
        String document = fanOut(30, 2);
        try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<HttpResponse<String>>> attacks = IntStream.range(0, 3)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> post(document), callers)).toList();

            // when
            long started = System.nanoTime();
            HttpResponse<String> liveness = new HttpSession(base).get("/actuator/health/liveness");

            // then
            assertThat(liveness.statusCode()).isEqualTo(200);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
            for (CompletableFuture<HttpResponse<String>> attack : attacks) {
                assertThat(attack.get().statusCode()).isEqualTo(400);
            }
        }
    }

    @Test
    void refusesAFragmentCycleAsInvalid() {
        // when
        HttpResponse<String> response = post("query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(Json.of(response.body()).get("errors").get(0).get("message").asString()).contains("spreads itself");
    }

    @Test
    void countsTheCostOfListsNestedInFragments() {
        // when: each fragment alone is cheap; together they multiply
        HttpResponse<String> response = post("""
                query { users(first: 100) { ...P } }
                fragment P on User { posts(first: 100) { ...A } followers(first: 100) { name } }
                fragment A on Post { title author { name } }""");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void countsTheCostThatVariablesGiveTheDocument() {
        // given
        String body = GraphQlClient.JSON.writeValueAsString(Map.of(
                "query", "query($n: Int) { users(first: $n) { posts(first: $n) { title } followers(first: $n) { name } } }",
                "variables", Map.of("n", 100)));

        // when
        HttpResponse<String> response = new HttpSession(base).postJson("/graphql", body,
                "Accept", "application/graphql-response+json");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void refusesBadFaithIntrospectionWithAClientError() {
        // given: the same type reached again and again through introspection
        String document = "{ __schema { types { fields { type { fields { type { fields { type { name } } } } } } } } }";

        // when
        HttpResponse<String> response = post(document);

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void refusesManyIntrospectionRootsUnderAnAliasWithAClientError() {
        // given: the schema asked for again and again under aliases, within the alias limit
        String document = "{ a: __schema { types { name } } b: __schema { types { name } } c: __schema { types { name } } }";

        // when
        HttpResponse<String> response = post(document);

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void refusesAFanOutOverServerSentEvents() throws Exception {
        // when
        HttpResponse<String> response = new HttpSession(base).postJson("/graphql",
                GraphQlClient.JSON.writeValueAsString(Map.of("query", fanOut(30, 2))), "Accept", "text/event-stream");

        // then
        assertThat(response.body()).contains("QUERY_TOO_COMPLEX").contains("event:complete");
    }

    @Test
    void refusesAFanOutOverWebSocket() throws Exception {
        // given
        var author = LiveClients.newAuthor(base, "fanout");

        // when
        var ws = LiveClients.Ws.open(base, author.token(), GraphQlClient.JSON.writeValueAsString(Map.of(
                "query", fanOut(30, 2).replace("query {", "subscription { postCreated { title } }  query Q {"))));

        // then
        try {
            assertThat(ws.await("QUERY_TOO_COMPLEX", Duration.ofSeconds(5))).isNotNull();
        }
        finally {
            ws.socket().abort();
        }
    }

    @Test
    void refusesAHandshakeWithAMalformedOriginWith403() throws Exception {
        // given
        String handshake = """
                GET /graphql HTTP/1.1\r
                Host: localhost:%d\r
                Connection: Upgrade\r
                Upgrade: websocket\r
                Sec-WebSocket-Version: 13\r
                Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
                Sec-WebSocket-Protocol: graphql-transport-ws\r
                Origin: http://127.0.0.1:8080.evil.example\r
                \r
                """.formatted(port);

        // when
        String statusLine;
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(handshake.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            statusLine = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
        }

        // then
        assertThat(statusLine).isEqualTo("HTTP/1.1 403");
    }

    @Test
    void acceptsTheIntrospectionQueryOfGraphiQl() {
        // when
        HttpResponse<String> response = post(graphql.introspection.IntrospectionQuery.INTROSPECTION_QUERY);

        // then
        JsonNode body = Json.of(response.body());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(body.has("errors")).isFalse();
        assertThat(body.get("data").get("__schema").get("types").size()).isGreaterThan(5);
    }
}
