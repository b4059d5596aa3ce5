package org.roost.platform.operations;

import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.reactivestreams.Publisher;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The number of GraphQL subscriptions open right now, whichever transport (SSE or WebSocket) carries
 * them, as the gauge {@code roost.graphql.subscriptions.active}: up when a stream is subscribed to,
 * down however it ends (completed, failed, cancelled by a client that went away).
 */
@Component
class SubscriptionMeter implements WebGraphQlInterceptor {

    private final AtomicInteger active = new AtomicInteger();

    SubscriptionMeter(MeterRegistry meters) {
        Gauge.builder("roost.graphql.subscriptions.active", active, AtomicInteger::get)
                .description("GraphQL subscriptions currently open").register(meters);
    }

    @Override
    public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
        return chain.next(request).map(response -> response.getData() instanceof Publisher<?> stream
                ? response.transform(builder -> builder.data(Flux.from(stream)
                        .doOnSubscribe(subscription -> active.incrementAndGet())
                        .doFinally(signal -> active.decrementAndGet())))
                : response);
    }

    int active() {
        return active.get();
    }
}
