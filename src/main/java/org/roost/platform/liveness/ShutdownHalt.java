package org.roost.platform.liveness;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The last resort of a shutdown: once SIGTERM (or any exit) has begun, the process halts
 * {@code roost.shutdown.halt-after} later if it has not ended by then, whatever a request, a subscription, a
 * scheduler or a shutdown hook is blocked on (issue 46: a frozen instance ignored SIGTERM for 20 minutes, its
 * shutdown hook waiting for the same lock as everything else). A normal shutdown (drain, in-flight requests, the
 * rest) ends well before, and the JVM then exits without waiting for this.
 *
 * <p>Everything the halt needs is made when the application starts: its threads are already running (a daemon that
 * waits for the JVM's shutdown hook to say "begun", and one that logs), and its message is already built, so a halt
 * loads no class and takes no lock that a frozen instance may hold. It logs through a thread of its own and waits at
 * most a second for that: a logger blocked too does not stop the halt.
 */
@Component
class ShutdownHalt {

    private static final Logger log = LoggerFactory.getLogger(ShutdownHalt.class);

    /** The status a halted process exits with: 128 + SIGTERM's 15, as if the signal had ended it. */
    static final int STATUS = 143;

    private final CountDownLatch begun = new CountDownLatch(1);
    private final CountDownLatch logging = new CountDownLatch(1);
    private final CountDownLatch logged = new CountDownLatch(1);

    /** Zero turns the halt off (the test contexts: their JVM closes dozens of them at its exit, one after another). */
    @Autowired
    ShutdownHalt(HaltProperties properties) {
        this(properties.haltAfter(), status -> Runtime.getRuntime().halt(status));
        if (properties.haltAfter().isPositive()) {
            Runtime.getRuntime().addShutdownHook(new Thread(this::begin, "shutdown-halt-hook"));
        }
    }

    ShutdownHalt(Duration haltAfter, IntConsumer halt) {
        String message = "Still running " + haltAfter + " after shutdown began: halting (exit status " + STATUS
                + "). Something the shutdown waited for never ended; the threads are in the watchdog's dump if it"
                + " tripped (docs/running.md, \"Threads\")";
        Thread.ofPlatform().daemon().name("shutdown-halt-log").start(() -> {
            if (awaitForever(logging)) {
                log.error(message);
                logged.countDown();
            }
        });
        Thread.ofPlatform().daemon().name("shutdown-halt").start(() -> {
            // the time after the start of shutdown: a bounded wait on a latch that nothing opens
            if (awaitForever(begun) && !awaitAtMost(new CountDownLatch(1), haltAfter)) {
                System.err.println(message);
                logging.countDown();
                awaitAtMost(logged, Duration.ofSeconds(1));
                halt.accept(STATUS);
            }
        });
    }

    /** The shutdown has begun (the JVM's shutdown hook): from now on, the halt is {@code haltAfter} away. */
    void begin() {
        begun.countDown();
    }

    /** False when interrupted (never: nothing interrupts these daemons). */
    private static boolean awaitForever(CountDownLatch latch) {
        try {
            latch.await();
            return true;
        }
        catch (InterruptedException ex) {
            return false;
        }
    }

    /** True when the latch opened within the limit; false when it did not, or the wait was interrupted. */
    private static boolean awaitAtMost(CountDownLatch latch, Duration limit) {
        try {
            return latch.await(limit.toNanos(), TimeUnit.NANOSECONDS);
        }
        catch (InterruptedException ex) {
            return false;
        }
    }
}
