package org.roost.graphql;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.CapturedLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every line logged for a GraphQL operation carries its request id, whichever thread logged it: a resolver
 * (on the controller executor), a batch loader, a subscription stream (on a timer thread) and the error
 * that ends it, over HTTP, Server-Sent Events and WebSocket, where each line also carries the operation's id.
 * The resolvers are this test's own (schema in {@code graphql-logging/}), on a schema of its own.
 */
@GraphQlTightened
class RequestIdLoggingTest {

    private static final Logger log = LoggerFactory.getLogger(RequestIdLoggingTest.class);
    private static final String ECHO = "{ a: loggedEcho(text: \"a\") { text detail } b: loggedEcho(text: \"b\") { text detail } }";

    @LocalServerPort
    int port;

    private LiveClients.Author author;

    @BeforeEach
    void signUp() {
        author = LiveClients.newAuthor(base(), "logged");
    }

    @Test
    void everyLineOfAQueryOverHttpCarriesItsRequestId() throws Exception {
        // given
        List<ILoggingEvent> lines;
        HttpResponse<String> response;
        try (CapturedLog graphQl = CapturedLog.of("org.roost.graphql")) {
            // when a query runs two resolvers and one batch load
            response = send(post("log-http-1", "application/json", ECHO));
            lines = graphQl.events();
        }

        // then
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).contains("\"detail\":\"detail of a\"");
        assertThat(messages(lines)).contains("resolving loggedEcho a", "resolving loggedEcho b")
                .anySatisfy(line -> assertThat(line).startsWith("batch-loading"));
        assertThat(lines).allSatisfy(line -> assertThat(json(line).path("request_id").asString()).as(describe(line)).isEqualTo("log-http-1"));
    }

    @Test
    void everyLineOfASubscriptionOverServerSentEventsCarriesItsRequestId() throws Exception {
        // given
        List<ILoggingEvent> lines;
        HttpResponse<String> response;
        try (CapturedLog graphQl = CapturedLog.of("org.roost.graphql")) {
            // when a subscription ticks on a timer thread, then fails
            response = send(post("log-sse-1", "text/event-stream", "subscription { loggedTicks }"));
            lines = graphQl.events();
        }

        // then
        assertThat(response.body()).contains("INTERNAL_ERROR").contains("event:complete");
        assertThat(messages(lines)).contains("tick 0", "tick 1", "tick 2", "A subscription stream failed");
        assertThat(lines).allSatisfy(line -> assertThat(json(line).path("request_id").asString()).as(describe(line)).isEqualTo("log-sse-1"));
    }

    @Test
    void everyLineOfAWebSocketOperationCarriesTheConnectionsRequestIdAndTheOperationsId() throws Exception {
        // given a connection whose upgrade request had an id
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        List<ILoggingEvent> lines;
        try (CapturedLog graphQl = CapturedLog.of("org.roost.graphql")) {
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols("graphql-transport-ws")
                    .header("X-Request-Id", "log-ws-1")
                    .buildAsync(URI.create("ws://localhost:" + port + "/graphql"), collecting(messages)).get(10, TimeUnit.SECONDS);
            sendJson(socket, Map.of("type", "connection_init", "payload", Map.of("Authorization", "Bearer " + author.token())));
            assertThat(await(messages, "connection_ack")).isNotNull();

            // when a query and a failing subscription run on it
            sendJson(socket, Map.of("id", "op-q", "type", "subscribe", "payload", Map.of("query", ECHO)));
            assertThat(await(messages, "\"complete\"")).contains("op-q");
            sendJson(socket, Map.of("id", "op-s", "type", "subscribe", "payload", Map.of("query", "subscription { loggedTicks }")));
            assertThat(await(messages, "\"error\"")).contains("op-s").contains("log-ws-1");
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
            lines = graphQl.events();
        }

        // then
        Map<String, List<String>> byOperation = lines.stream().collect(Collectors.groupingBy(
                line -> String.valueOf(json(line).get("operation_id") == null ? "" : json(line).get("operation_id").asString()),
                Collectors.mapping(ILoggingEvent::getFormattedMessage, Collectors.toList())));
        assertThat(byOperation).as(lines.stream().map(RequestIdLoggingTest::describe).toList().toString()).containsKey("op-q");
        assertThat(byOperation.get("op-q")).contains("resolving loggedEcho a", "resolving loggedEcho b")
                .anySatisfy(line -> assertThat(line).startsWith("batch-loading"));
        assertThat(byOperation.get("op-s")).contains("tick 0", "tick 1", "tick 2", "A subscription stream failed");
        assertThat(byOperation.keySet()).containsOnly("op-q", "op-s");
        assertThat(lines).allSatisfy(line -> assertThat(json(line).path("request_id").asString()).as(describe(line)).isEqualTo("log-ws-1"));
    }

    /** A resolver, a batch loader and a subscription that log where they run. */
    @Controller
    static class LoggingResolvers {

        record LoggedEcho(String text) {
        }

        @QueryMapping
        LoggedEcho loggedEcho(@Argument String text) {
            log.info("resolving loggedEcho {}", text);
            return new LoggedEcho(text);
        }

        @BatchMapping
        Map<LoggedEcho, String> detail(List<LoggedEcho> echoes) {
            log.info("batch-loading {} details", echoes.size());
            return echoes.stream().collect(Collectors.toMap(Function.identity(), echo -> "detail of " + echo.text()));
        }

        @SubscriptionMapping
        Flux<Integer> loggedTicks() {
            return Flux.interval(Duration.ofMillis(20)).take(3).map(tick -> {
                log.info("tick {}", tick);
                if (tick == 2) {
                    throw new IllegalStateException("the test's own failure");
                }
                return tick.intValue();
            });
        }
    }

    private String base() {
        return "http://localhost:" + port;
    }

    private HttpRequest post(String requestId, String accept, String query) {
        return HttpRequest.newBuilder(URI.create(base() + "/graphql")).header("Content-Type", "application/json")
                .header("Accept", accept).header("X-Request-Id", requestId).header("Authorization", "Bearer " + author.token())
                .POST(HttpRequest.BodyPublishers.ofString(GraphQlClient.JSON.writeValueAsString(Map.of("query", query))))
                .timeout(Duration.ofSeconds(10)).build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    private static String describe(ILoggingEvent line) {
        return line.getThreadName() + " " + line.getLoggerName() + ": " + line.getFormattedMessage() + " " + line.getMDCPropertyMap();
    }

    private static List<String> messages(List<ILoggingEvent> lines) {
        return lines.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    /** The line as {@code logging.structured.format.console=ecs} writes it. */
    private static JsonNode json(ILoggingEvent event) {
        StructuredLogEncoder encoder = new StructuredLogEncoder();
        encoder.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        encoder.setFormat("ecs");
        encoder.start();
        try {
            return new ObjectMapper().readTree(new String(encoder.encode(event), StandardCharsets.UTF_8));
        }
        finally {
            encoder.stop();
        }
    }

    private static void sendJson(WebSocket socket, Map<String, Object> message) throws Exception {
        socket.sendText(GraphQlClient.JSON.writeValueAsString(message), true).get(5, TimeUnit.SECONDS);
    }

    private static String await(BlockingQueue<String> messages, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            String message = messages.poll(left, TimeUnit.NANOSECONDS);
            if (message != null && message.contains(text)) {
                return message;
            }
        }
        return null;
    }

    private static WebSocket.Listener collecting(BlockingQueue<String> messages) {
        return new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    messages.add(partial.toString());
                    partial.setLength(0);
                }
                webSocket.request(1);
                return null;
            }
        };
    }
}
