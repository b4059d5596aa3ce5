package org.roost.graphql;

import java.io.IOException;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.graphql.execution.SubscriptionPublisherException;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * GraphQL over Server-Sent Events in the "distinct connections" mode of graphql-sse: one
 * {@code next} event per result, then {@code complete}. A stream that fails sends its errors as a
 * last {@code next}, so the client learns why it ended.
 *
 * <p>Spring for GraphQL's {@code GraphQlSseHandler} has the same keep-alive, but it reads the request
 * itself; this endpoint answers after persisted queries and credentials are resolved, so the
 * heartbeat is done the same way here: a comment on an interval, merged into the stream. A comment is
 * also sent at once so that status and headers reach the client when the subscription is set up. A
 * client that has gone is noticed by a failed write (at the latest the second heartbeat after it
 * left) and released with one line in the log.
 */
@Component
class GraphQlSse {

    private static final Logger log = LoggerFactory.getLogger(GraphQlSse.class);
    /** What a stream writes: a result, a heartbeat comment, or its end. */
    private sealed interface Frame {
        record Next(String json) implements Frame { }
        record Heartbeat() implements Frame { }
        record Complete() implements Frame { }
    }

    private final GraphQlSettings settings;
    private final LiveSettings live;
    private final LiveStreams streams;
    private final JsonMapper json = JsonMapper.builder().build();

    GraphQlSse(GraphQlSettings settings, LiveSettings live, LiveStreams streams) {
        this.settings = settings;
        this.live = live;
        this.streams = streams;
    }

    ServerResponse stream(Flux<Map<String, Object>> results) {
        return ServerResponse.sse(sse -> {
            Flux<Frame> events = results
                    .onErrorResume(SubscriptionPublisherException.class,
                            ex -> Flux.just(Map.of("errors", ex.getErrors().stream().map(e -> e.toSpecification()).toList())))
                    .takeUntilOther(streams.ending())
                    .<Frame>map(result -> new Frame.Next(json.writeValueAsString(result)))
                    .concatWith(Mono.just(new Frame.Complete()));
            Flux<Frame> heartbeats = Flux.interval(live.sseHeartbeat(), live.sseHeartbeat())
                    .onBackpressureDrop().map(tick -> new Frame.Heartbeat());
            Writer writer = new Writer(sse);
            Flux.merge(events, heartbeats).startWith(new Frame.Heartbeat()) // sends status and headers now
                    .takeUntil(frame -> frame instanceof Frame.Complete)
                    .publishOn(streams.writers(), 16).subscribe(writer);
            sse.onTimeout(writer::dispose);
            sse.onError(failure -> writer.dispose());
            sse.onComplete(writer::dispose);
        }, settings.sseTimeout());
    }

    /** Writes each frame on the stream's own virtual thread; a failed write means the client has gone. */
    private static final class Writer extends BaseSubscriber<Frame> {

        private final ServerResponse.SseBuilder sse;

        Writer(ServerResponse.SseBuilder sse) {
            this.sse = sse;
        }

        @Override
        protected void hookOnNext(Frame frame) {
            if (!write(sse, frame)) {
                log.info("An event-stream client has gone; its subscription is released");
                cancel();
                sse.complete();
            }
        }

        @Override
        protected void hookOnComplete() {
            sse.complete();
        }

        @Override
        protected void hookOnError(Throwable failure) {
            log.error("A GraphQL event stream failed", failure);
            sse.error(failure);
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
