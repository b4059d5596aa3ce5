package org.roost.platform.connections;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Clients that send their request a byte at a time are closed; a client at normal speed is not. */
@ShortConnectionLimits
class SlowClientsTest {

    private static final Duration TRICKLE = Duration.ofMillis(200);

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void closesAConnectionTricklingItsHeaders() throws IOException {
        // given: a request line and the start of a header, then a byte every 200 ms (each read well within
        // connection-timeout, so only the total deadline can end it)
        try (Socket socket = open()) {
            long start = System.nanoTime();
            send(socket, "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");

            // when
            Closed closed = trickleUntilClosed(socket, start, Duration.ofSeconds(8));

            // then: closed without a word, after the 1 s deadline plus at most a sweep or two
            assertThat(closed.lived()).isBetween(Duration.ofMillis(900), Duration.ofSeconds(4));
            assertThat(closed.answer()).isEmpty();
            assertThat(meters.counter("roost.connections.closed", "reason", "header-deadline").count())
                    .isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void cutsABodyArrivingBelowTheMinimumRate() throws IOException {
        // given: 10,000 bytes declared, sent at 5 bytes a second (the minimum is 1 KB a second after 1 s)
        try (Socket socket = open()) {
            long start = System.nanoTime();
            send(socket, "POST /api/v1/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 10000\r\n\r\n{\"username\":\"");

            // when
            Closed closed = trickleUntilClosed(socket, start, Duration.ofSeconds(8));

            // then: the request ends at once (its thread freed), not at the 5 s connection-timeout
            assertThat(closed.lived()).as(closed.answer()).isLessThan(Duration.ofMillis(2_500));
            assertThat(meters.counter("roost.connections.closed", "reason", "body-rate").count())
                    .isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void cutsAChunkedBodyTricklingBelowTheMinimumRate() throws IOException {
        // given: a chunked body (no length declared) whose first chunk announces 4,096 bytes, then 5 bytes a second
        try (Socket socket = open()) {
            long start = System.nanoTime();
            send(socket, "POST /api/v1/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n1000\r\n{\"username\":\"");

            // when
            Closed closed = trickleUntilClosed(socket, start, Duration.ofSeconds(8));

            // then: cut like a declared body, not held for as long as each byte comes within connection-timeout
            assertThat(closed.lived()).as(closed.answer()).isLessThan(Duration.ofMillis(2_500));
        }
    }

    @Test
    void closesAfterAnsweringARequestWhoseBodyWasNotReadRatherThanWaitForTheRest() throws IOException {
        // given: a body the API refuses unread (415), 10,000 bytes declared and only the first sent
        try (Socket socket = open()) {
            long start = System.nanoTime();
            send(socket, "POST /api/v1/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: 10000\r\n\r\nx");

            // when: the rest trickles
            Closed closed = trickleUntilClosed(socket, start, Duration.ofSeconds(8));

            // then: answered, and closed once the rest falls below the minimum body rate (1 s grace here), instead of
            // being read at the client's pace after the request has left the sweeper's reach (the rest of a body
            // arriving at the rate is read and dropped, so the connection stays usable: RefusedPostsKeepAliveTest)
            assertThat(closed.answer()).startsWith("HTTP/1.1 415");
            assertThat(closed.lived()).isLessThan(Duration.ofSeconds(2));
        }
    }

    @Test
    void closesAfterAnsweringARequestWhoseChunkedBodyWasNotReadRatherThanWaitForTheRest() throws IOException {
        // given: a chunked upload refused unread (401, no credential), its first chunk announcing 4,096 bytes
        // (multipart: the only kind of chunked body not read up front by BodySizeLimitFilter)
        try (Socket socket = open()) {
            long start = System.nanoTime();
            send(socket, "POST /api/v1/users/1/avatar HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "1000\r\n--x\r\n");

            // when: the rest trickles
            Closed closed = trickleUntilClosed(socket, start, Duration.ofSeconds(8));

            // then: answered and closed, instead of swallowing the rest at the client's pace
            assertThat(closed.answer()).startsWith("HTTP/1.1 401");
            assertThat(closed.lived()).isLessThan(Duration.ofSeconds(2));
        }
    }

    @Test
    void servesRequestsAtNormalSpeedOnAConnectionIdleLongerThanTheDeadline() throws IOException, InterruptedException {
        // given: one keep-alive connection
        try (Socket socket = open()) {
            String request = "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n";
            send(socket, request);
            String first = readResponse(socket);
            java.time.Instant idle = java.time.Instant.now();

            // when: idle for longer than the header deadline and two sweeps after that, then a second request
            Sweeps.awaitPast(meters, idle, Duration.ofSeconds(1));
            send(socket, request);
            String second = readResponse(socket);

            // then
            assertThat(first).startsWith("HTTP/1.1 200");
            assertThat(second).startsWith("HTTP/1.1 200");
        }
    }


    private Socket open() throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout((int) TRICKLE.toMillis());
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** How long a connection lived, and what the server said before it closed it. */
    private record Closed(Duration lived, String answer) {
    }

    /** Sends "a" every 200 ms until the server closes the connection (or the limit passes). */
    private static Closed trickleUntilClosed(Socket socket, long start, Duration limit) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        byte[] buffer = new byte[4096];
        while (System.nanoTime() - start < limit.toNanos()) {
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    break; // the server closed it
                }
                answer.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
            } catch (SocketTimeoutException stillOpen) {
                try {
                    send(socket, "a");
                } catch (IOException closed) {
                    break;
                }
            } catch (IOException reset) {
                break;
            }
        }
        return new Closed(Duration.ofNanos(System.nanoTime() - start), answer.toString());
    }

    /** A whole response: headers, then a Content-Length body or chunks up to the last (empty) one. */
    private static String readResponse(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        StringBuilder text = new StringBuilder();
        byte[] buffer = new byte[8192];
        while (!complete(text.toString())) {
            int n = in.read(buffer);
            if (n < 0) {
                break;
            }
            text.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
        }
        return text.toString();
    }

    private static boolean complete(String response) {
        int end = response.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        var length = java.util.regex.Pattern.compile("(?im)^content-length: *(\\d+)").matcher(response);
        return length.find() ? response.length() - end - 4 >= Integer.parseInt(length.group(1))
                : response.endsWith("\r\n0\r\n\r\n");
    }
}
