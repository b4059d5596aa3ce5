package org.roost.graphql;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import graphql.ExecutionInput;
import graphql.ExecutionResult;

import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.roost.platform.live.LiveSettings;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.util.LinkedMultiValueMap;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import tools.jackson.databind.util.RawValue;

import static org.assertj.core.api.Assertions.assertThat;

class SharedSubscriptionsTest {

    private static final String POSTS = "subscription($a: ID) { postCreated(authorId: $a) { id title } }";
    private static final Caller.User ALICE = new Caller.User(1, Set.of("posts:read", "users:read"));
    private static final Caller.User BOB = new Caller.User(2, Set.of("posts:read", "users:read"));
    private static final Caller.User BOB_POSTS_ONLY = new Caller.User(2, Set.of("posts:read"));

    private final SharedSubscriptions shared = new SharedSubscriptions(new LiveSettings(4, Duration.ofSeconds(15), "live"));
    private final Sinks.Many<ExecutionResult> events = Sinks.many().multicast().directBestEffort();
    private final AtomicInteger executions = new AtomicInteger();

    @Test
    void groupsCallersWithTheSameScopesUnlessTheDocumentReadsAFieldThatDependsOnWhoAsks() {
        // when
        var alice = SharedSubscriptions.keyOf(request(POSTS), ALICE).orElseThrow();
        var bob = SharedSubscriptions.keyOf(request(POSTS), BOB).orElseThrow();
        var bobPostsOnly = SharedSubscriptions.keyOf(request(POSTS), BOB_POSTS_ONLY).orElseThrow();
        String perCaller = "subscription { postCreated { id author { followedByMe } } }";
        var alicePerCaller = SharedSubscriptions.keyOf(request(perCaller), ALICE).orElseThrow();
        var bobPerCaller = SharedSubscriptions.keyOf(request(perCaller), BOB).orElseThrow();
        String throughFragment = "subscription { postCreated { ...f } } fragment f on Post { author { followedByMe } }";

        // then
        assertThat(alice).isEqualTo(bob);
        assertThat(bobPostsOnly).isNotEqualTo(bob);
        assertThat(alicePerCaller).isNotEqualTo(bobPerCaller);
        assertThat(SharedSubscriptions.keyOf(request(throughFragment), ALICE))
                .isNotEqualTo(SharedSubscriptions.keyOf(request(throughFragment), BOB));
        assertThat(SharedSubscriptions.keyOf(request("{ me { id } }"), ALICE)).isEmpty();
        assertThat(SharedSubscriptions.keyOf(request("subscription {"), ALICE)).isEmpty();
    }

    @Test
    void runsOneExecutionForEverySubscriberOfAGroupAndEncodesEachEventOnce() {
        // given
        var key = SharedSubscriptions.keyOf(request(POSTS), ALICE).orElseThrow();
        List<ExecutionResult> first = new CopyOnWriteArrayList<>();
        List<ExecutionResult> second = new CopyOnWriteArrayList<>();

        // when
        var a = stream(shared.join(key, this::execute)).subscribe(first::add);
        var b = stream(shared.join(key, this::execute)).subscribe(second::add);
        events.tryEmitNext(ExecutionResult.newExecutionResult().data(Map.of("postCreated", Map.of("id", "7"))).build());

        // then
        assertThat(executions).hasValue(1);
        assertThat(first).hasSize(1).first().isInstanceOf(SerializedResult.class);
        assertThat(first.getFirst()).isSameAs(second.getFirst());
        assertThat(((RawValue) first.getFirst().toSpecification().get("data")).rawValue())
                .isEqualTo("{\"postCreated\":{\"id\":\"7\"}}");
        a.dispose();
        b.dispose();
    }

    @Test
    void endsTheSharedExecutionWithItsLastSubscriberAndStartsAfreshForTheNext() {
        // given
        var key = SharedSubscriptions.keyOf(request(POSTS), ALICE).orElseThrow();
        var a = stream(shared.join(key, this::execute)).subscribe();
        var b = stream(shared.join(key, this::execute)).subscribe();

        // when
        a.dispose();
        int whileOneListens = shared.groupCount();
        b.dispose();

        // then
        assertThat(whileOneListens).isEqualTo(1);
        assertThat(shared.groupCount()).isZero();
        assertThat(events.currentSubscriberCount()).as("the execution's own subscription").isZero();
        stream(shared.join(key, this::execute)).subscribe().dispose();
        assertThat(executions).hasValue(2);
    }

    @Test
    void endsASubscriberThatFallsBehindWithAnErrorWhileTheOthersReceiveEverything() {
        // given a subscriber that asks for nothing for a while (its writes are stuck) and one that reads
        var key = SharedSubscriptions.keyOf(request(POSTS), ALICE).orElseThrow();
        List<ExecutionResult> stalledGot = new CopyOnWriteArrayList<>();
        AtomicReference<Throwable> stalledError = new AtomicReference<>();
        var stalled = new BaseSubscriber<ExecutionResult>() {
            @Override
            protected void hookOnSubscribe(org.reactivestreams.Subscription subscription) {
                // requests nothing until its client reads again
            }

            @Override
            protected void hookOnNext(ExecutionResult result) {
                stalledGot.add(result);
            }

            @Override
            protected void hookOnError(Throwable error) {
                stalledError.set(error);
            }
        };
        stream(shared.join(key, this::execute)).subscribe(stalled);
        List<ExecutionResult> healthy = new CopyOnWriteArrayList<>();
        stream(shared.join(key, this::execute)).subscribe(healthy::add);

        // when many more events than its buffer (4, which Reactor rounds up to 8) are published, then it reads again
        for (int i = 0; i < 100; i++) {
            events.tryEmitNext(ExecutionResult.newExecutionResult().data(Map.of("n", i)).build());
        }
        stalled.request(Long.MAX_VALUE);

        // then it gets what its buffer held and the contract's error; the reader got everything
        assertThat(stalledGot).hasSizeLessThanOrEqualTo(8);
        assertThat(stalledError.get()).isInstanceOfSatisfying(ApiException.class,
                ex -> assertThat(ex.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE));
        assertThat(healthy).hasSize(100);
    }

    private Mono<WebGraphQlResponse> execute() {
        return Mono.fromSupplier(() -> {
            executions.incrementAndGet();
            ExecutionResult result = ExecutionResult.newExecutionResult().data(events.asFlux()).build();
            return new WebGraphQlResponse(new DefaultExecutionGraphQlResponse(
                    ExecutionInput.newExecutionInput(POSTS).build(), result));
        });
    }

    @SuppressWarnings("unchecked")
    private static Flux<ExecutionResult> stream(Mono<WebGraphQlResponse> response) {
        return response.flatMapMany(r -> Flux.from((Publisher<ExecutionResult>) r.getData()));
    }

    private static WebGraphQlRequest request(String document) {
        return new WebGraphQlRequest(URI.create("http://localhost/graphql"), new HttpHeaders(), new LinkedMultiValueMap<>(),
                Map.of(), Map.of("query", document, "variables", Map.of("a", "1")), "1", null);
    }
}
