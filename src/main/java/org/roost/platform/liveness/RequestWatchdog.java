package org.roost.platform.liveness;

import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.web.FilterOrder;
import org.roost.platform.web.RequestPaths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The watchdog for the case no test foresaw: a liveness health indicator ({@code requestWatchdog}, in the liveness
 * group) that turns DOWN when requests stop completing: some are being handled, and none has completed for
 * {@code roost.watchdog.stall-after}. When it trips it logs the threads once (stacks and the locks they hold and
 * wait for), because a restart by the liveness probe would otherwise take the evidence with it (issue 46: a cold
 * instance froze with every request thread waiting on one lock).
 *
 * <p>Counts the time a request holds a thread (an SSE stream or WebSocket counts until the handler returns, not
 * for the stream's life), and leaves {@code /actuator/**} out: a probe answered while every other request is stuck
 * must not count as progress. A background thread checks every quarter of the limit, so the dump is logged even when
 * nothing asks for health. Times come from a monotonic ticker, never the application's {@code Clock} (tests step
 * that one by hours).
 */
@Component
@Order(FilterOrder.REQUEST_WATCHDOG)
class RequestWatchdog extends OncePerRequestFilter implements HealthIndicator, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(RequestWatchdog.class);

    private final long stallAfterNanos;
    private final LongSupplier nanos;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** The last completion, or the start of the first request after an idle spell: progress as the watchdog sees it. */
    private final AtomicLong lastProgress;
    private final AtomicBoolean tripped = new AtomicBoolean();
    private @Nullable Thread watcher;

    @Autowired
    RequestWatchdog(WatchdogProperties properties) {
        this(properties.stallAfter(), System::nanoTime);
        this.watcher = Thread.ofPlatform().daemon().name("request-watchdog").start(this::watch);
    }

    RequestWatchdog(Duration stallAfter, LongSupplier nanos) {
        this.stallAfterNanos = stallAfter.toNanos();
        this.nanos = nanos;
        this.lastProgress = new AtomicLong(nanos.getAsLong());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (RequestPaths.of(request).startsWith("/actuator/")) {
            chain.doFilter(request, response);
            return;
        }
        started();
        try {
            chain.doFilter(request, response);
        }
        finally {
            completed();
        }
    }

    void started() {
        // Nothing was waiting: the clock starts now, not at the last answer. Set before the count goes up, or a
        // health check in between would see a request waiting since that answer (a false DOWN after an idle spell).
        if (inFlight.get() == 0) {
            lastProgress.set(nanos.getAsLong());
        }
        inFlight.incrementAndGet();
    }

    void completed() {
        lastProgress.set(nanos.getAsLong());
        inFlight.decrementAndGet();
    }

    @Override
    public Health health() {
        long stalledFor = stalledFor();
        Health.Builder health = stalledFor > stallAfterNanos ? Health.down() : Health.up();
        return health.withDetail("inFlight", inFlight.get())
                .withDetail("sinceLastCompletion", Duration.ofNanos(nanos.getAsLong() - lastProgress.get()).toString())
                .build();
    }

    /** Trips (logging the threads once) or clears; true while tripped. */
    boolean check() {
        if (stalledFor() > stallAfterNanos) {
            if (tripped.compareAndSet(false, true)) {
                log.error("Requests have stopped completing: {} in flight, none completed for {}; liveness reports DOWN."
                        + " The threads:\n{}", inFlight.get(), Duration.ofNanos(stalledFor()), threadDump());
            }
            return true;
        }
        if (tripped.compareAndSet(true, false)) {
            log.warn("Requests complete again; liveness reports UP");
        }
        return false;
    }

    /** How long requests have been waiting with none completing; 0 when none is in flight. */
    private long stalledFor() {
        return inFlight.get() > 0 ? nanos.getAsLong() - lastProgress.get() : 0;
    }

    @Override
    public void destroy() {
        if (watcher != null) {
            watcher.interrupt();
        }
    }

    private void watch() {
        long period = Math.max(1, Duration.ofNanos(stallAfterNanos).toMillis() / 4);
        while (true) {
            try {
                Thread.sleep(period); // a daemon's own pace, not a wait for anything
                check();
            }
            catch (InterruptedException ex) {
                return;
            }
            catch (RuntimeException ex) {
                log.warn("The request watchdog's check failed: {}", ex.toString());
            }
        }
    }

    /** Every platform thread's whole stack, with the locks it holds and the one it waits for. */
    static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                dump.append(" on ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
            }
            dump.append('\n');
            StackTraceElement[] stack = thread.getStackTrace();
            for (int i = 0; i < stack.length; i++) {
                dump.append("\tat ").append(stack[i]).append('\n');
                for (MonitorInfo monitor : thread.getLockedMonitors()) {
                    if (monitor.getLockedStackDepth() == i) {
                        dump.append("\t- locked ").append(monitor).append('\n');
                    }
                }
            }
            for (LockInfo lock : thread.getLockedSynchronizers()) {
                dump.append("\t- holds ").append(lock).append('\n');
            }
            dump.append('\n');
        }
        return dump.toString();
    }
}
