package org.roost.graphql;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/** One instance's events, fanned out to its subscribers; a slow subscriber drops events rather than blocking writers. */
@Component
class InProcessLiveEvents implements LiveEvents {

    private final Sinks.Many<Object> sink = Sinks.many().multicast().directBestEffort();

    @Override
    public void publish(Object event) {
        sink.emitNext(event, Sinks.EmitFailureHandler.busyLooping(java.time.Duration.ofMillis(100)));
    }

    @Override
    public <T> Flux<T> stream(Class<T> type) {
        return sink.asFlux().ofType(type).onBackpressureBuffer(Queues.SMALL_BUFFER_SIZE,
                dropped -> { }, reactor.core.publisher.BufferOverflowStrategy.DROP_OLDEST);
    }
}
