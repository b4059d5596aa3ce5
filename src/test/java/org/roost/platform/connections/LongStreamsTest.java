package org.roost.platform.connections;

import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Subscriptions outlive the header deadline and the body grace many times over: the sweeper must leave them be. */
@ShortConnectionLimits
class LongStreamsTest {

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void keepsAnSseSubscriptionOpenPastTheDeadlines() throws Exception {
        // given: an SSE subscription, its status line received
        String token = newToken();
        String body = "{\"query\":\"subscription { postCreated { title } }\"}";
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(3_000);
            // The Host the token was issued under: without a configured issuer, each origin is its own.
            socket.getOutputStream().write(("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nAuthorization: Bearer "
                    + token + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            java.time.Instant opened = java.time.Instant.now();
            assertThat(new String(in.readNBytes(12), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");

            // when: past the header deadline and the body grace (1 s each), and two sweeps after that
            Sweeps.awaitPast(meters, opened, Duration.ofSeconds(2));
            in.skipNBytes(in.available());

            // then: heartbeats still arrive
            byte[] next = new byte[64];
            assertThat(in.read(next)).isPositive();
        }
    }

    @Test
    void keepsAWebSocketOpenPastTheDeadlines() throws Exception {
        // given: a graphql-transport-ws socket, not yet initialised
        String token = newToken();
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        java.time.Instant opened = java.time.Instant.now();
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols("graphql-transport-ws")
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/graphql"), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        messages.add(data.toString());
                        webSocket.request(1);
                        return null;
                    }
                }).get(10, TimeUnit.SECONDS);

        // when: idle past the deadlines (well within the 10 s init timeout) and two sweeps after that, then initialised
        Sweeps.awaitPast(meters, opened, Duration.ofSeconds(2));
        socket.sendText("{\"type\":\"connection_init\",\"payload\":{\"Authorization\":\"Bearer " + token + "\"}}", true)
                .get(5, TimeUnit.SECONDS);

        // then
        assertThat(messages.poll(5, TimeUnit.SECONDS)).contains("connection_ack");
        socket.abort();
    }


    private String newToken() {
        HttpSession session = new HttpSession("http://127.0.0.1:" + port);
        String username = ApiClient.uniqueUsername("stream");
        String credentials = "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD);
        assertThat(session.postJson("/api/v1/users", credentials.replace("\"password\"", "\"name\":\"S\",\"password\""))
                .statusCode()).isEqualTo(201);
        var token = session.postJson("/auth/token", credentials);
        assertThat(token.statusCode()).isEqualTo(200);
        return Json.of(token.body()).get("access_token").asString();
    }
}
