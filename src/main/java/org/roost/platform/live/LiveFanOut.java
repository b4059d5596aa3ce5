package org.roost.platform.live;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * This instance's subscribers and how events reach them, whoever publishes them (a request here,
 * or Redis for events of other instances). Fan-out runs on one dispatcher thread, never on the
 * caller's; each subscriber then works on a virtual thread of its own behind a bounded buffer, so a
 * subscriber that stalls (a client that stops reading blocks its write) is ended with an error once
 * the buffer is full, and never slows the publisher or the other subscribers.
 */
final class LiveFanOut implements AutoCloseable {

    /** Events waiting for the dispatcher; past this the oldest is dropped (events are at-most-once). */
    private static final int DISPATCH_QUEUE = 10_000;

    private final Sinks.Many<Object> sink = Sinks.many().multicast().directBestEffort();
    private final ThreadPoolExecutor dispatcher = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(DISPATCH_QUEUE), Thread.ofPlatform().name("live-events-fan-out").daemon().factory(),
            new ThreadPoolExecutor.DiscardOldestPolicy());
    private final ExecutorService subscriberThreads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("live-subscriber-", 0).factory());
    private final Scheduler subscribers = Schedulers.fromExecutorService(subscriberThreads, "live-subscribers");
    private final int buffer;

    LiveFanOut(int buffer) {
        this.buffer = buffer;
    }

    /** Hands an event to every current subscriber of this instance; returns at once. */
    void dispatch(Object event) {
        dispatcher.execute(() -> sink.tryEmitNext(event)); // no subscriber, nothing to do
    }

    <T> Flux<T> stream(Class<T> type) {
        return sink.asFlux().ofType(type)
                .onBackpressureBuffer(buffer, dropped -> { })
                .onErrorMap(Exceptions::isOverflow, overflow -> new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                        "This subscription fell too far behind its events and was ended; subscribe again."))
                .publishOn(subscribers, 32);
    }

    int subscriberCount() {
        return sink.currentSubscriberCount();
    }

    @Override
    public void close() {
        dispatcher.shutdownNow();
        subscribers.dispose();
    }
}
