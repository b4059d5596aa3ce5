package org.roost.graphql.transport;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.graphql.LiveClients;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.platform.live.LiveEvents;
import org.roost.support.CapturedLog;
import org.roost.support.HttpSession;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThat;

/** Server-Sent Events subscriptions with a 300 ms heartbeat and a 64-event subscriber buffer (see {@link LiveGraphQlTest}). */
@LiveGraphQlTest
@ExtendWith(OutputCaptureExtension.class)
class GraphQlSseTest {

    @LocalServerPort
    int port;

    @Autowired
    LiveEvents events;

    /** Each test ends its subscriptions: a gone client is released by the heartbeat, whatever the test did. */
    @AfterEach
    void waitUntilEverySubscriptionHasEnded() {
        await().atMost(Duration.ofSeconds(5)).until(() -> events.subscribers() == 0);
    }

    private String base() {
        return "http://localhost:" + port;
    }

    @Test
    void sendsStatusAndHeadersAtOnceThenHeartbeatComments() throws Exception {
        // given
        LiveClients.Author author = LiveClients.newAuthor(base(), "heartbeat");

        // when a subscription is opened and nothing is posted
        LiveClients.Sse sse = LiveClients.Sse.open(base(), author);

        // then status and headers come before any event, and comments keep coming on the interval
        HttpResponse<?> response = sse.response().get(3, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/event-stream"));
        await().atMost(Duration.ofSeconds(5))
                .until(() -> sse.lines().stream().filter(line -> line.startsWith(":")).count() >= 3);
        assertThat(sse.lines()).noneMatch(line -> line.startsWith("data:"));
        sse.client().shutdownNow();
    }

    @Test
    void releasesAGoneClientWithinTwoHeartbeatsWithOneQuietLine(CapturedOutput output) throws Exception {
        // given a subscription whose client then vanishes
        LiveClients.Author author = LiveClients.newAuthor(base(), "vanishing");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port));
            request(socket.getOutputStream(), author);
            assertThat(readSome(socket.getInputStream())).startsWith("HTTP/1.1 200");
        }
        int before = output.length();

        // when the heartbeats find it gone
        await().atMost(Duration.ofSeconds(5)).until(() -> output.toString().substring(before)
                .contains("An event-stream client has gone; its subscription is released"));

        // then it was released with one line, and no stack trace
        String logged = output.toString().substring(before);
        assertThat(logged).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aStalledReaderSlowsNeitherWritersNorAHealthySubscriber() throws Exception {
        // given a subscriber that never reads (its socket buffers fill) and a healthy one, both asking for bodies
        LiveClients.Author author = LiveClients.newAuthor(base(), "stalled");
        String body = "x".repeat(10_000);
        int before = events.subscribers();
        try (Socket stalled = new Socket()) {
            stalled.setReceiveBufferSize(4096);
            stalled.connect(new InetSocketAddress("localhost", port));
            request(stalled.getOutputStream(), author);
            LiveClients.Sse healthy = LiveClients.Sse.open(base(), author);
            assertThat(healthy.response().get(3, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(5)).until(() -> events.subscribers() >= before + 2); // both set up

            // when 400 large posts are made
            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                long started = System.nanoTime();
                assertThat(LiveClients.post(base(), author, "big-" + i, body).statusCode()).isEqualTo(201);
                millis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            }

            // then every post answered (a publisher blocked by the stalled stream would not answer until that stream
            // ended: the bound is generous for a loaded machine, the latency itself is the benchmarks' business),
            // and the healthy subscriber received all 400
            assertThat(millis).allSatisfy(ms -> assertThat(ms).isLessThan(10_000));
            int received = 0;
            for (int i = 0; i < 400; i++) {
                if (healthy.await("\"big-" + i + "\"", Duration.ofSeconds(10)) != null) {
                    received++;
                }
            }
            assertThat(received).isEqualTo(400);
            healthy.client().shutdownNow();
        }
    }

    @Test
    void subscribersComingAndGoingNeverDisturbOtherRequests() throws Exception {
        // given
        LiveClients.Author author = LiveClients.newAuthor(base(), "churn");
        List<Future<Integer>> plain = new ArrayList<>();
        List<ILoggingEvent> logged;
        try (CapturedLog sseLog = CapturedLog.of(GraphQlSse.class.getName());
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            // when subscriptions open and their clients vanish, while fresh connections make ordinary requests
            List<Future<String>> streams = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                streams.add(clients.submit(() -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress("localhost", port));
                        request(socket.getOutputStream(), author);
                        return readSome(socket.getInputStream());
                    }
                }));
                plain.add(clients.submit(() -> new HttpSession(base()).get("/api/v1/users/" + author.userId(),
                        "Authorization", "Bearer " + author.token()).statusCode()));
            }

            // then every ordinary request was answered, and no stream failed
            for (Future<Integer> status : plain) {
                assertThat(status.get(20, TimeUnit.SECONDS)).isEqualTo(200);
            }
            for (Future<String> stream : streams) {
                stream.get(20, TimeUnit.SECONDS); // each client came and went
            }
            // the heartbeats noticed every gone client: anything they logged is in
            await().atMost(Duration.ofSeconds(10)).until(() -> events.subscribers() == 0);
            logged = sseLog.events();
        }
        assertThat(logged).filteredOn(line -> line.getLevel() == Level.ERROR).isEmpty();
    }

    private void request(OutputStream out, LiveClients.Author author) throws Exception {
        String json = LiveClients.subscribeBody(author, LiveClients.POST_CREATED_WITH_BODY);
        out.write(("POST /graphql HTTP/1.1\r\nHost: localhost:" + port + "\r\nContent-Type: application/json\r\n"
                + "Accept: text/event-stream\r\nAuthorization: Bearer " + author.token() + "\r\nContent-Length: "
                + json.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + json).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static String readSome(InputStream in) throws Exception {
        byte[] buffer = new byte[2048];
        int read = in.read(buffer);
        return new String(buffer, 0, Math.max(read, 0), StandardCharsets.UTF_8);
    }
}
