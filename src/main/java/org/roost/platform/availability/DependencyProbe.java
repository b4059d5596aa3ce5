package org.roost.platform.availability;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * A health indicator that answers at once from the last background check, never by touching the
 * dependency itself: readiness must answer within a second even while the database hangs, and a
 * probe that waits on a hung dependency would hold the probe's caller as long as it hangs.
 * Up while the last success is recent; a change of state is logged once.
 */
final class DependencyProbe implements HealthIndicator {

    /** The check itself: returns normally when the dependency answered. */
    @FunctionalInterface
    interface Check {
        void run() throws Exception;
    }

    private static final Logger log = LoggerFactory.getLogger(DependencyProbe.class);

    private final String name;
    private final Check check;
    private final Clock clock;
    private final Duration staleAfter;
    private volatile @Nullable Instant lastSuccess;
    private volatile boolean reportedUp = true;
    private final AtomicBoolean running = new AtomicBoolean();

    DependencyProbe(String name, Check check, Clock clock, Duration staleAfter) {
        this.name = name;
        this.check = check;
        this.clock = clock;
        this.staleAfter = staleAfter;
    }

    /**
     * Starts a check on a thread of its own unless one is still running: a check hung on one
     * dependency delays neither the other's checks nor the scheduler.
     */
    void probeInBackground() {
        if (running.compareAndSet(false, true)) {
            // A platform thread: what may load classes or read from the jar never runs on a virtual thread
            // (docs/running.md, "Threads")
            Thread.ofPlatform().daemon().name("probe-" + name).start(() -> {
                try {
                    probe();
                }
                finally {
                    running.set(false);
                }
            });
        }
    }

    void probe() {
        try {
            check.run();
            lastSuccess = clock.instant();
            if (!reportedUp) {
                reportedUp = true;
                log.info("{} is available again", name);
            }
        }
        catch (Exception ex) {
            if (reportedUp) {
                reportedUp = false;
                log.warn("{} is unavailable: {}", name, ex.toString());
            }
        }
    }

    boolean isUp() {
        Instant last = lastSuccess;
        return last != null && !last.plus(staleAfter).isBefore(clock.instant());
    }

    @Override
    public Health health() {
        return isUp() ? Health.up().build() : Health.status(Status.OUT_OF_SERVICE).build();
    }
}
