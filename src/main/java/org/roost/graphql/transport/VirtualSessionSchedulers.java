package org.roost.graphql.transport;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Runs each WebSocket connection's sender on a virtual thread instead of a platform thread of its own.
 *
 * <p>Spring for GraphQL's WebSocket handler sends a connection's messages through a
 * {@code Schedulers.newSingle("GraphQL-WsSession-<id>")}: one platform thread per connection, woken for every
 * message. At 10,000 subscribers that is 10,000 operating-system threads woken for each event. The handler has
 * no setting for it, so this uses Reactor's documented hook ({@link Schedulers#setFactory}). Only schedulers
 * with that name change. Each is still single-threaded, so a connection's messages keep their order, and the
 * handler still disposes of it when the connection ends. Measured with {@code bench/subscribers.sh}
 * (docs/performance.md, "Subscriptions").
 */
final class VirtualSessionSchedulers implements Schedulers.Factory {

    static final String SESSION_PREFIX = "GraphQL-WsSession-";

    private static volatile boolean installed;

    private VirtualSessionSchedulers() {
    }

    /** Installs the factory once per JVM: Reactor's factory is global, and every application context shares it. */
    static synchronized void install() {
        if (!installed) {
            Schedulers.setFactory(new VirtualSessionSchedulers());
            installed = true;
        }
    }

    @Override
    public Scheduler newSingle(ThreadFactory threadFactory) {
        String name = threadFactory instanceof Supplier<?> named ? String.valueOf(named.get()) : "";
        if (!name.startsWith(SESSION_PREFIX)) {
            return Schedulers.Factory.super.newSingle(threadFactory);
        }
        return Schedulers.fromExecutorService(
                Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().name(name).factory()), name);
    }
}
