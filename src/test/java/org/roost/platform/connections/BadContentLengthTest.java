package org.roost.platform.connections;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.roost.support.CapturedLog;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A Content-Length that is no number is the client's mistake: a 400, never an ERROR, and the sweeper goes on. */
@ShortConnectionLimits
class BadContentLengthTest {

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void answers400WithoutAnErrorAndTheSweeperKeepsClosingSlowClients() throws IOException {
        try (CapturedLog log = CapturedLog.of("ROOT")) {
            // given: anonymous requests declaring "Content-Length: cats", to the API and to the actuator
            for (String request : new String[] { "POST /api/v1/users", "GET /api/v1/posts",
                    "GET /actuator/health/liveness" }) {
                // when
                String answer = exchange(request + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: cats\r\n\r\n{}");

                // then: refused by the container
                assertThat(answer).startsWith("HTTP/1.1 400");
            }
            // and: the sweeper still sweeps, and a connection trickling its headers is still closed at the deadline
            double swept = meters.counter("roost.connections.sweeps").count();
            await().atMost(Duration.ofSeconds(5)).until(() -> meters.counter("roost.connections.sweeps").count() > swept);
            double before = closedForHeaderDeadline();
            try (Socket slow = new Socket("127.0.0.1", port)) {
                send(slow, "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
                await().atMost(Duration.ofSeconds(6)).until(() -> closedForHeaderDeadline() > before);
                assertThat(closedByServer(slow)).isTrue();
            }
            // and: the access log saw the requests (a positive signal that logging happened), nothing above WARN
            assertThat(log.events()).filteredOn(e -> e.getLoggerName().equals("access")).hasSizeGreaterThanOrEqualTo(3);
            assertThat(log.events()).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.ERROR))
                    .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
            assertThat(log.events()).filteredOn(e -> e.getLoggerName().equals(ConnectionSweeper.class.getName()))
                    .filteredOn(e -> e.getLevel() == Level.WARN).isEmpty();
        }
    }

    private double closedForHeaderDeadline() {
        return meters.counter("roost.connections.closed", "reason", "header-deadline").count();
    }

    private String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            send(socket, request);
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(2_000);
        InputStream in = socket.getInputStream();
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}
