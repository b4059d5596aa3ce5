package org.roost.graphql.transport;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;

import graphql.ExecutionResult;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.roost.graphql.GraphQlSettings;
import org.roost.platform.live.LiveSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.graphql.execution.SubscriptionPublisherException;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.AbstractGraphQlHttpHandler;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * GraphQL over Server-Sent Events in the "distinct connections" mode of graphql-sse: one
 * {@code next} event per result, then {@code complete}. A stream that fails sends its errors as a
 * last {@code next}, so the client learns why it ended. Spring for GraphQL's handler reads the request
 * (through {@link OperationReader}) and runs it; this subclass writes the stream.
 *
 * <p>Why not the framework's {@code GraphQlSseHandler} (pinned by {@code FrameworkTransportGapsTest}): it writes
 * nothing until the first event or keep-alive, so a client cannot tell a subscription that is set up from a stalled
 * one; it refuses queries and mutations, which graphql-sse allows; it writes from whichever thread emits, with no
 * guard against the container recycling the response; and it does not end streams at shutdown. Here a comment is
 * sent at once so that status and headers reach the client when the subscription is set up, then on an interval. A
 * client that has gone is noticed by a failed write (at the latest the second heartbeat after it
 * left) and released with one line in the log.
 *
 * <p>Tomcat's response is not thread-safe and is recycled for another connection once the exchange ends.
 * So status and headers are written on the request's own thread (a first write from a writer thread
 * raced the filters still finishing there over the response headers), and every later write, and the
 * container's end of the exchange (completion, timeout, error), hold one lock: once the container has
 * ended it, a late frame is dropped rather than written into a response that now belongs to someone else.
 */
final class GraphQlSse extends AbstractGraphQlHttpHandler {

    private static final Logger log = LoggerFactory.getLogger(GraphQlSse.class);
    /** What a stream writes: a result, a heartbeat comment, or its end. */
    private sealed interface Frame {
        record Next(String json) implements Frame { }
        record Heartbeat() implements Frame { }
        record Complete() implements Frame { }
    }

    private final PersistedQueries persistedQueries;
    private final GraphQlSettings settings;
    private final LiveSettings live;
    private final LiveStreams streams;
    private final JsonMapper json = JsonMapper.builder().build();
    private final ContextSnapshotFactory snapshots = ContextSnapshotFactory.builder().build();

    GraphQlSse(WebGraphQlHandler graphQl, OperationReader reader, PersistedQueries persistedQueries,
            GraphQlSettings settings, LiveSettings live, LiveStreams streams) {
        super(graphQl, reader);
        this.persistedQueries = persistedQueries;
        this.settings = settings;
        this.live = live;
        this.streams = streams;
    }

    /** A subscription's results, or a query's or mutation's one result (graphql-sse allows any operation). */
    @Override
    protected ServerResponse prepareResponse(ServerRequest request, Mono<WebGraphQlResponse> executed) {
        return stream(executed.doOnNext(response -> {
            if (response.isValid()) {
                persistedQueries.remember(request.servletRequest());
            }
        }).flatMapMany(response -> response.getData() instanceof Publisher<?> p
                ? Flux.from(p).cast(ExecutionResult.class).map(ExecutionResult::toSpecification)
                : Flux.just(response.toMap())));
    }

    ServerResponse stream(Flux<Map<String, Object>> results) {
        ContextSnapshot request = snapshots.captureAll(); // the request id, for lines logged on writer threads
        return ServerResponse.sse(sse -> {
            Writer writer = new Writer(sse, request);
            sse.onTimeout(writer::end);
            sse.onError(failure -> writer.end());
            sse.onComplete(writer::end);
            if (!writer.writeNow(new Frame.Heartbeat())) { // sends status and headers now, from this thread
                return;
            }
            Flux<Frame> events = results
                    .onErrorResume(SubscriptionPublisherException.class,
                            ex -> Flux.just(Map.of("errors", ex.getErrors().stream().map(e -> e.toSpecification()).toList())))
                    .takeUntilOther(streams.ending())
                    .<Frame>map(result -> new Frame.Next(json.writeValueAsString(result)))
                    .concatWith(Mono.just(new Frame.Complete()));
            Flux<Frame> heartbeats = Flux.interval(live.sseHeartbeat(), live.sseHeartbeat())
                    .onBackpressureDrop().map(tick -> new Frame.Heartbeat());
            Flux.merge(events, heartbeats)
                    .takeUntil(frame -> frame instanceof Frame.Complete)
                    .publishOn(streams.writers(), 16).subscribe(writer);
        }, settings.sseTimeout());
    }

    /** Writes each frame on the stream's own virtual thread; a failed write means the client has gone. */
    private static final class Writer extends BaseSubscriber<Frame> {

        private final ServerResponse.SseBuilder sse;
        private final ContextSnapshot request;
        private final ReentrantLock lock = new ReentrantLock();
        /** Guarded by {@code lock}: the response is no longer this stream's to write. */
        private boolean ended;

        Writer(ServerResponse.SseBuilder sse, ContextSnapshot request) {
            this.sse = sse;
            this.request = request;
        }

        /** The container has ended the exchange: waits for a write in progress, and allows no more. */
        void end() {
            lock.lock();
            try {
                ended = true;
            }
            finally {
                lock.unlock();
            }
            dispose();
        }

        /** False when the client is gone (or the exchange has ended). */
        boolean writeNow(Frame frame) {
            lock.lock();
            try (ContextSnapshot.Scope scope = request.setThreadLocals()) {
                if (ended) {
                    return false;
                }
                if (!write(sse, frame)) {
                    ended = true;
                    log.info("An event-stream client has gone; its subscription is released");
                    sse.complete(); // a no-op once a send failed; ends the exchange when the response was unusable
                    return false;
                }
                return true;
            }
            finally {
                lock.unlock();
            }
        }

        @Override
        protected void hookOnNext(Frame frame) {
            if (!writeNow(frame)) {
                cancel();
            }
        }

        @Override
        protected void hookOnComplete() {
            finish(null);
        }

        @Override
        protected void hookOnError(Throwable failure) {
            finish(failure);
        }

        /** Completion is a write too (it flushes), so it happens under the lock, at most once. */
        private void finish(@Nullable Throwable failure) {
            lock.lock();
            try (ContextSnapshot.Scope scope = request.setThreadLocals()) {
                if (ended) {
                    return;
                }
                ended = true;
                if (failure == null) {
                    sse.complete();
                }
                else {
                    log.error("A GraphQL event stream failed", failure);
                    sse.error(failure);
                }
            }
            finally {
                lock.unlock();
            }
        }
    }

    /** False when the client is gone. */
    private static boolean write(ServerResponse.SseBuilder sse, Frame frame) {
        try {
            switch (frame) {
                case Frame.Next next -> sse.event("next").data(next.json());
                case Frame.Heartbeat heartbeat -> sse.comment("").send();
                case Frame.Complete complete -> sse.event("complete").data("");
            }
            return true;
        }
        catch (IOException | IllegalStateException gone) {
            return false;
        }
    }
}
