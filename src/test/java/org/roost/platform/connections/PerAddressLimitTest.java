package org.roost.platform.connections;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One address cannot take every connection: its newest over roost.connections.per-address are closed. The sockets
 * come from 127.0.0.2 (loopback too): 127.0.0.1, where the other tests on this service connect from, is exempt here.
 */
@ShortConnectionLimits
class PerAddressLimitTest {

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void closesTheNewestConnectionsOfAnAddressOverTheLimit() throws Exception {
        List<Socket> sockets = new ArrayList<>();
        try {
            // given: three connections from 127.0.0.1 (the limit), seen by a sweep before any more come
            for (int i = 0; i < 3; i++) {
                sockets.add(open());
            }
            double swept = sweeps();
            await().atMost(Duration.ofSeconds(10)).until(() -> sweeps() >= swept + 2); // a whole sweep since

            // when: three more from the same address
            for (int i = 0; i < 3; i++) {
                sockets.add(open());
            }

            // then: the three newest are closed, the three oldest are still open
            await().atMost(Duration.ofSeconds(10)).until(() -> sockets.stream().skip(3).noneMatch(PerAddressLimitTest::isOpen));
            assertThat(sockets.stream().map(PerAddressLimitTest::isOpen).toList())
                    .containsExactly(true, true, true, false, false, false);
            assertThat(meters.counter("roost.connections.closed", "reason", "per-address").count())
                    .isGreaterThanOrEqualTo(3);
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    private double sweeps() {
        return meters.counter("roost.connections.sweeps").count();
    }

    private Socket open() throws IOException {
        Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName("127.0.0.2"), 0);
        socket.setSoTimeout(200);
        return socket;
    }

    /** Open: a read waits (nothing was sent, so the server has nothing to say); closed: end of stream or reset. */
    private static boolean isOpen(Socket socket) {
        try {
            return socket.getInputStream().read() >= 0;
        } catch (SocketTimeoutException stillOpen) {
            return true;
        } catch (IOException reset) {
            return false;
        }
    }
}
