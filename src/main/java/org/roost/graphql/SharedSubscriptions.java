package org.roost.graphql;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import graphql.ExecutionResult;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.roost.platform.live.LiveSettings;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Subscribers who would see the same thing share one execution. A subscription's selection runs once
 * per event for every distinct (document, operation, variables, extensions, visibility), and its data is
 * encoded to JSON once ({@link SerializedResult}); each subscriber then only re-checks its own credential
 * and writes. Without this, 10,000 subscribers of one author cost 10,000 GraphQL executions and JSON
 * encodings per post. Visibility is the caller's scopes (what {@link FieldScopes} and the resolvers
 * check), or the caller itself when the document reads a field whose value depends on who asks
 * ({@link PerCallerFields}). Each subscriber keeps a bounded buffer of its own: one that falls
 * {@code roost.live.subscriber-buffer} events behind is ended with an error, never slowing the others.
 */
@Component
class SharedSubscriptions {

    private final Map<Key, Group> groups = new ConcurrentHashMap<>();
    private final int buffer;

    SharedSubscriptions(LiveSettings settings) {
        this.buffer = settings.subscriberBuffer();
    }

    /** The grouping key of a subscription request, or empty when the request is no (valid) subscription. */
    static Optional<Key> keyOf(WebGraphQlRequest request, Caller caller) {
        return PerCallerFields.inspect(request.getDocument(), request.getOperationName())
                .map(perCaller -> keyOf(request, caller, perCaller));
    }

    /** The grouping key of a subscription request, given whether it reads per-caller fields ({@link PerCallerFields}). */
    static Key keyOf(WebGraphQlRequest request, Caller caller, boolean perCaller) {
        return new Key(request.getDocument(), request.getOperationName(), request.getVariables(),
                request.getExtensions(), perCaller ? caller : caller.scopes());
    }

    /**
     * Joins the group of this key, executing the subscription (through {@code execute}) only when the group
     * is new. The response's data is this subscriber's own stream of the group's results.
     */
    Mono<WebGraphQlResponse> join(Key key, Supplier<Mono<WebGraphQlResponse>> execute) {
        // Counted in the same step as the look-up, so the last member leaving cannot end a group someone is joining
        Group group = groups.compute(key, (k, current) -> (current == null ? new Group(k, execute.get()) : current).joined());
        AtomicBoolean handedOver = new AtomicBoolean();
        return group.response
                .map(response -> {
                    if (!(response.getData() instanceof Publisher<?>)) {
                        return response; // an error answer: nothing to share, nothing to leave
                    }
                    handedOver.set(true);
                    return response.transform(builder -> builder.data(group.member()));
                })
                .doFinally(signal -> {
                    if (!handedOver.get()) {
                        group.left(); // failed, or cancelled before this subscriber had its stream
                    }
                });
    }

    int groupCount() {
        return groups.size();
    }

    record Key(String document, @Nullable String operationName, Map<String, Object> variables,
            Map<String, Object> extensions, Object visibility) {
    }

    /** One execution and the subscribers who share it; ends (and leaves the map) with its last subscriber. */
    private final class Group {

        private final Key key;
        private final Sinks.Many<ExecutionResult> results = Sinks.many().multicast().directBestEffort();
        private final Mono<WebGraphQlResponse> response;
        private final AtomicReference<@Nullable Disposable> upstream = new AtomicReference<>();
        private int members; // changed only inside the map's compute for this key, which serialises them

        Group(Key key, Mono<WebGraphQlResponse> execution) {
            this.key = key;
            this.response = execution.doOnNext(this::start).doOnError(failure -> groups.remove(key, this)).cache();
        }

        Group joined() {
            members++;
            return this;
        }

        void left() {
            groups.compute(key, (k, current) -> {
                if (--members > 0) {
                    return current;
                }
                Disposable stream = upstream.getAndSet(Disposables.disposed());
                if (stream != null) {
                    stream.dispose();
                }
                return current == this ? null : current;
            });
        }

        /** Starts the shared stream; an answer without one (an error) is not kept for later subscribers. */
        @SuppressWarnings("unchecked")
        private void start(WebGraphQlResponse first) {
            if (!(first.getData() instanceof Publisher<?> stream)) {
                groups.remove(key, this);
                return;
            }
            Disposable subscription = Flux.from((Publisher<ExecutionResult>) stream)
                    .map(SerializedResult::of)
                    .doFinally(signal -> groups.remove(key, this)) // ended: later subscribers start afresh
                    .subscribe(results::tryEmitNext, results::tryEmitError, results::tryEmitComplete);
            if (!upstream.compareAndSet(null, subscription)) {
                subscription.dispose(); // every member left before the execution answered
            }
        }

        Flux<ExecutionResult> member() {
            return results.asFlux()
                    .onBackpressureBuffer(buffer, dropped -> { })
                    .onErrorMap(Exceptions::isOverflow, overflow -> new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                            "This subscription fell too far behind its events and was ended; subscribe again."))
                    .doFinally(signal -> left());
        }
    }
}
