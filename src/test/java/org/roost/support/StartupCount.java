package org.roost.support;

import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;

/**
 * Counts every application start-up in the test JVM: Spring's test contexts, {@link Instances} and the tests that
 * build a {@code SpringApplication} themselves all pass through here. {@link IsolatedTestRun} prints the total when
 * the run ends; {@link ContextBudgetTest} keeps the number of context configurations within its budget.
 */
public final class StartupCount implements SpringApplicationRunListener {

    private static final AtomicInteger STARTS = new AtomicInteger();

    // The constructor SpringApplication calls for a listener named in spring.factories.
    public StartupCount(SpringApplication application, String[] args) {
    }

    @Override
    public void starting(ConfigurableBootstrapContext bootstrapContext) {
        STARTS.incrementAndGet();
    }

    static int total() {
        return STARTS.get();
    }
}
