package org.roost.platform.connections;

import java.time.Duration;
import java.time.Instant;

import io.micrometer.core.instrument.MeterRegistry;

import static org.awaitility.Awaitility.await;

/** The connection sweeper's passes ({@code roost.connections.sweeps}) as a signal tests can wait for. */
final class Sweeps {

    private Sweeps() {
    }

    /**
     * Waits until {@code past} has elapsed since {@code since} and the sweeper has judged every open connection at
     * least twice after that: the positive signal that it had its chance to close a connection and did not.
     */
    static void awaitPast(MeterRegistry meters, Instant since, Duration past) {
        double[] swept = { -1 };
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> {
            double now = meters.counter("roost.connections.sweeps").count();
            if (swept[0] < 0 && Instant.now().isAfter(since.plus(past))) {
                swept[0] = now;
            }
            return swept[0] >= 0 && now >= swept[0] + 2;
        });
    }
}
