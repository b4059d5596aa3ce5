package org.roost.platform.liveness;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.roost.support.CapturedLog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The last-resort halt, with the halt itself replaced by a counter (the packaged jar's is in ColdStartBurstTest). */
class ShutdownHaltTest {

    private final AtomicInteger halted = new AtomicInteger(-1);

    @Test
    void haltsOnlyOnceShutdownHasBegunAndTheTimeHasPassedAndLogsIt() {
        try (CapturedLog log = CapturedLog.of(ShutdownHalt.class.getName())) {
            ShutdownHalt halt = new ShutdownHalt(Duration.ofMillis(300), halted::set);

            // not begun: never halts, however long it runs
            await().during(Duration.ofMillis(600)).atMost(Duration.ofSeconds(2)).until(() -> halted.get() == -1);

            long begun = System.nanoTime();
            halt.begin();
            await().atMost(Duration.ofSeconds(5)).until(() -> halted.get() == ShutdownHalt.STATUS);
            assertThat(Duration.ofNanos(System.nanoTime() - begun)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
            assertThat(log.events()).singleElement().satisfies(event -> {
                assertThat(event.getLevel().toString()).isEqualTo("ERROR");
                assertThat(event.getFormattedMessage()).startsWith("Still running PT0.3S after shutdown began: halting");
            });
        }
    }
}
