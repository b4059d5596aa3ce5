package org.roost.support;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Counts every application start-up in the test JVM: Spring's test contexts, {@link Instances} and the tests that
 * build a {@code SpringApplication} themselves all pass through here. {@link IsolatedTestRun} prints the total when
 * the run ends; {@link ContextBudgetTest} keeps the number of context configurations within its budget.
 */
public final class StartupCount implements SpringApplicationRunListener {

    private static final AtomicInteger STARTS = new AtomicInteger();
    /** The time from each start to its ready context, summed: what the start-ups cost the run. */
    private static final AtomicLong NANOS = new AtomicLong();

    private long started;

    // The constructor SpringApplication calls for a listener named in spring.factories (one per start).
    public StartupCount(SpringApplication application, String[] args) {
    }

    @Override
    public void starting(ConfigurableBootstrapContext bootstrapContext) {
        STARTS.incrementAndGet();
        started = System.nanoTime();
    }

    @Override
    public void ready(ConfigurableApplicationContext context, Duration timeTaken) {
        NANOS.addAndGet(System.nanoTime() - started);
    }

    static int total() {
        return STARTS.get();
    }

    /** Seconds spent starting (to ready) in all, for the run's closing line. */
    static double seconds() {
        return NANOS.get() / 1e9;
    }
}
