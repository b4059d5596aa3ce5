package org.roost.platform.liveness;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.roost.support.CapturedLog;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/** The liveness watchdog on a ticker the test moves: DOWN only when requests wait and none completes. */
class RequestWatchdogTest {

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final RequestWatchdog watchdog = new RequestWatchdog(Duration.ofSeconds(30), nanos::get);

    @Test
    void staysUpWhileIdleHoweverLong() {
        advance(Duration.ofHours(2));

        assertThat(watchdog.health().getStatus()).isEqualTo(Status.UP);
        assertThat(watchdog.check()).isFalse();
    }

    @Test
    void staysUpWhileRequestsKeepCompletingBesideAStuckOne() {
        watchdog.started(); // stuck
        for (int i = 0; i < 10; i++) {
            advance(Duration.ofSeconds(10));
            watchdog.started();
            watchdog.completed();
        }

        assertThat(watchdog.health().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void reportsDownWhenRequestsWaitAndNoneCompletesThenUpAgain() {
        advance(Duration.ofMinutes(5)); // idle before: the first request's start is where waiting begins
        watchdog.started();
        watchdog.started();
        advance(Duration.ofSeconds(30));
        assertThat(watchdog.health().getStatus()).as("at the limit").isEqualTo(Status.UP);

        advance(Duration.ofMillis(1));
        assertThat(watchdog.health().getStatus()).isEqualTo(Status.DOWN);
        assertThat(watchdog.health().getDetails()).containsEntry("inFlight", 2);

        watchdog.completed();
        assertThat(watchdog.health().getStatus()).as("one completed: progress").isEqualTo(Status.UP);
    }

    @Test
    void logsTheThreadsOnceWhenItTripsAndSaysSoWhenItClears() {
        try (CapturedLog log = CapturedLog.of(RequestWatchdog.class.getName())) {
            watchdog.started();
            advance(Duration.ofSeconds(31));

            assertThat(watchdog.check()).isTrue();
            assertThat(watchdog.check()).isTrue();
            advance(Duration.ofSeconds(10));
            assertThat(watchdog.check()).isTrue();

            assertThat(log.events().stream().map(event -> event.getFormattedMessage()).toList()).filteredOn(line -> line.contains("Requests have stopped completing"))
                    .singleElement().asString()
                    .contains("1 in flight")
                    .contains("\"" + Thread.currentThread().getName() + "\"") // the threads, this test's among them
                    .contains(RequestWatchdogTest.class.getName());

            watchdog.completed();
            assertThat(watchdog.check()).isFalse();
            assertThat(log.events().stream().map(event -> event.getFormattedMessage()).toList()).anyMatch(line -> line.contains("Requests complete again"));
        }
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }
}
