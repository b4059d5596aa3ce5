package org.roost.graphql;

import java.io.IOException;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.graphql.execution.SubscriptionPublisherException;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/**
 * GraphQL over Server-Sent Events in the "distinct connections" mode of graphql-sse: one
 * {@code next} event per result, then {@code complete}. A stream that fails sends its errors as a
 * last {@code next}, so the client learns why it ended.
 */
@Component
class GraphQlSse {

    private static final Logger log = LoggerFactory.getLogger(GraphQlSse.class);

    private final GraphQlSettings settings;
    private final JsonMapper json = JsonMapper.builder().build();

    GraphQlSse(GraphQlSettings settings) {
        this.settings = settings;
    }

    ServerResponse stream(Flux<Map<String, Object>> results) {
        return ServerResponse.sse(sse -> {
            Disposable subscription = results
                    .onErrorResume(SubscriptionPublisherException.class,
                            ex -> Flux.just(Map.of("errors", ex.getErrors().stream().map(e -> e.toSpecification()).toList())))
                    .subscribe(result -> send(sse, "next", json.writeValueAsString(result)),
                            failure -> {
                                log.error("A GraphQL event stream failed", failure);
                                sse.error(failure);
                            },
                            () -> {
                                send(sse, "complete", "");
                                sse.complete();
                            });
            sse.onTimeout(subscription::dispose);
            sse.onError(failure -> subscription.dispose());
            sse.onComplete(subscription::dispose);
        }, settings.sseTimeout());
    }

    private static void send(ServerResponse.SseBuilder sse, String event, String data) {
        try {
            sse.event(event).data(data);
        }
        catch (IOException gone) {
            throw new IllegalStateException("The event stream's client is gone", gone);
        }
    }
}
