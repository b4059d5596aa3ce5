package org.roost.platform.availability;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * Hands HikariCP's connections out in the order they were asked for.
 *
 * <p>Why not the pool alone: HikariCP lets a caller that arrives take a connection just given back ahead of one
 * that waits, and offers the connection to the waiter without reserving it. With virtual threads the waiter, once
 * woken, queues for a carrier behind every runnable request, and by the time it runs a newcomer has the connection
 * again; under load on a small machine some waiters lose this race until the pool's {@code connection-timeout} and
 * answer 503 while the pool is busy, not broken (docs/performance.md, "At 64 connections"). A fair semaphore with
 * one permit per pooled connection keeps the order: a permit released goes to the longest waiter, and only a permit
 * holder asks the pool, which then always has a connection unless one is being replaced.
 *
 * <p>The whole wait, queue and pool together, stays within the pool's {@code connection-timeout}, so a request
 * still answers 503 as fast as before when the database is away ({@link SQLTransientConnectionException}, as the
 * pool's own).
 */
final class FairConnectionQueue extends DelegatingDataSource {

    private final HikariDataSource pool;
    private final Semaphore permits;

    FairConnectionQueue(HikariDataSource pool) {
        super(pool);
        this.pool = pool;
        this.permits = new Semaphore(pool.getMaximumPoolSize(), true);
    }

    @Override
    public Connection getConnection() throws SQLException {
        long timeout = TimeUnit.MILLISECONDS.toNanos(pool.getConnectionTimeout());
        long start = System.nanoTime();
        try {
            if (!permits.tryAcquire(timeout, TimeUnit.NANOSECONDS)) {
                throw new SQLTransientConnectionException("Connection is not available, request timed out after "
                        + TimeUnit.NANOSECONDS.toMillis(timeout) + "ms (waiting in line for the pool)");
            }
        }
        catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("Interrupted while waiting for a connection", interrupted);
        }
        try {
            return released(connection(timeout - (System.nanoTime() - start)));
        }
        catch (SQLException | RuntimeException | Error failure) {
            permits.release();
            throw failure;
        }
    }

    /** Callers waiting in line now (the gauge {@code roost.database.queue.waiting}). */
    int waiting() {
        return permits.getQueueLength();
    }

    private Connection connection(long remainingNanos) throws SQLException {
        // HikariDataSource makes its pool on the first call, and its getConnection() always waits the whole timeout;
        // the pool's own (public) getConnection(timeout) takes only what is left of the wait
        @Nullable HikariPool started = (HikariPool) pool.getHikariPoolMXBean();
        return started == null ? pool.getConnection()
                : started.getConnection(Math.max(0, TimeUnit.NANOSECONDS.toMillis(remainingNanos)));
    }

    private Connection released(Connection target) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                new ReleaseOnClose(target, permits));
    }

    /** Gives the permit back when the connection goes back to the pool, once however often it is closed. */
    private record ReleaseOnClose(Connection target, Semaphore permits, AtomicBoolean closed) implements InvocationHandler {

        ReleaseOnClose(Connection target, Semaphore permits) {
            this(target, permits, new AtomicBoolean());
        }

        @Override
        public @Nullable Object invoke(Object proxy, Method method, @Nullable Object @Nullable [] args) throws Throwable {
            switch (method.getName()) {
                case "equals" -> {
                    return args != null && proxy == args[0];
                }
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "close" -> {
                    try {
                        target.close();
                    }
                    finally {
                        if (closed.compareAndSet(false, true)) {
                            permits.release();
                        }
                    }
                    return null;
                }
                default -> {
                    try {
                        return method.invoke(target, args);
                    }
                    catch (InvocationTargetException thrown) {
                        throw thrown.getTargetException();
                    }
                }
            }
        }
    }
}
