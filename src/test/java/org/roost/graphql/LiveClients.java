package org.roost.graphql;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;

import static org.assertj.core.api.Assertions.assertThat;

/** Raw subscription clients for whole running instances: SSE lines and graphql-transport-ws messages, as received. */
public final class LiveClients {

    public static final String POST_CREATED = "subscription($a: ID) { postCreated(authorId: $a) { title } }";
    public static final String POST_CREATED_WITH_BODY = "subscription($a: ID) { postCreated(authorId: $a) { title body } }";

    private LiveClients() {
    }

    public record Author(String userId, String token) {
    }

    public static Author newAuthor(String base, String name) {
        HttpSession session = new HttpSession(base);
        String username = ApiClient.uniqueUsername(name);
        HttpResponse<String> created = session.postJson("/api/v1/users",
                "{\"username\":\"%s\",\"name\":\"Live\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(created.statusCode()).isEqualTo(201);
        HttpResponse<String> token = session.postJson("/auth/token",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(token.statusCode()).isEqualTo(200);
        return new Author(Json.of(created.body()).get("id").asString(), Json.of(token.body()).get("access_token").asString());
    }

    public static HttpResponse<String> post(String base, Author author, String title, String body) {
        return new HttpSession(base).postJson("/api/v1/users/" + author.userId() + "/posts",
                GraphQlClient.JSON.writeValueAsString(Map.of("title", title, "body", body)),
                "Authorization", "Bearer " + author.token());
    }

    public static String subscribeBody(Author author) {
        return subscribeBody(author, POST_CREATED);
    }

    public static String subscribeBody(Author author, String query) {
        return GraphQlClient.JSON.writeValueAsString(Map.of("query", query, "variables", Map.of("a", author.userId())));
    }

    /** An SSE subscription whose lines arrive in {@code lines}; {@code response} completes when headers arrive. */
    public record Sse(HttpClient client, CompletableFuture<HttpResponse<Stream<String>>> response, BlockingQueue<String> lines) {

        public static Sse open(String base, Author author) {
            return open(base, author.token(), subscribeBody(author));
        }

        /** Subscribes with this bearer token and body ({@code query}, {@code variables}). */
        public static Sse open(String base, String token, String subscribeBody) {
            HttpClient client = HttpClient.newHttpClient();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/graphql"))
                    .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString(subscribeBody)).build();
            // completes with status and headers; the lines are read on as they come
            CompletableFuture<HttpResponse<Stream<String>>> response = client.sendAsync(request,
                    HttpResponse.BodyHandlers.ofLines());
            response.thenAccept(answer -> Thread.ofVirtual().start(() -> {
                    try (var body = answer.body()) {
                        body.forEach(lines::add);
                        lines.add("<closed>");
                    }
                    catch (RuntimeException gone) {
                        lines.add("<error>");
                    }
                }));
            return new Sse(client, response, lines);
        }

        /** The next line that contains {@code text}, or null after {@code wait}. */
        public String await(String text, Duration wait) throws InterruptedException {
            long deadline = System.nanoTime() + wait.toNanos();
            for (long left = wait.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                String line = lines.poll(left, TimeUnit.NANOSECONDS);
                if (line != null && line.contains(text)) {
                    return line;
                }
            }
            return null;
        }
    }

    /** A graphql-transport-ws subscription through the JDK's WebSocket client, keeping every message and the close code. */
    public record Ws(WebSocket socket, BlockingQueue<String> messages, CompletableFuture<Integer> closeCode) {

        public static Ws open(String base, Author author) throws Exception {
            return open(base, author.token(), subscribeBody(author));
        }

        /** Connects with this bearer token and subscribes with this body ({@code query}, {@code variables}). */
        public static Ws open(String base, String token, String subscribeBody) throws Exception {
            BlockingQueue<String> messages = new LinkedBlockingQueue<>();
            CompletableFuture<Integer> closeCode = new CompletableFuture<>();
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols("graphql-transport-ws")
                    .buildAsync(URI.create(base.replace("http:", "ws:") + "/graphql"), new WebSocket.Listener() {
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

                        @Override
                        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
                            closeCode.complete(statusCode);
                            return null;
                        }

                        @Override
                        public void onError(WebSocket webSocket, Throwable error) {
                            closeCode.complete(1006);
                        }
                    }).get(10, TimeUnit.SECONDS);
            socket.sendText(GraphQlClient.JSON.writeValueAsString(Map.of("type", "connection_init",
                    "payload", Map.of("Authorization", "Bearer " + token))), true).get(5, TimeUnit.SECONDS);
            Ws ws = new Ws(socket, messages, closeCode);
            assertThat(ws.await("connection_ack", Duration.ofSeconds(10))).isNotNull();
            socket.sendText(GraphQlClient.JSON.writeValueAsString(Map.of("id", "1", "type", "subscribe",
                    "payload", GraphQlClient.JSON.readValue(subscribeBody, Map.class))), true).get(5, TimeUnit.SECONDS);
            return ws;
        }

        public String await(String text, Duration wait) throws InterruptedException {
            long deadline = System.nanoTime() + wait.toNanos();
            for (long left = wait.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                String message = messages.poll(left, TimeUnit.NANOSECONDS);
                if (message != null && message.contains(text)) {
                    return message;
                }
            }
            return null;
        }
    }
}
