package org.roost.social.feed;

import org.roost.social.post.FeedService;
import org.roost.social.post.PostSummary;
import org.roost.social.post.PostEvents;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.platform.live.LiveEvents;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.Scopes;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The home timeline over GraphQL; authors resolve through {@code post.PostGraphQlController}'s batch mapping. */
@Controller
class FeedGraphQlController {

    private final FeedService feed;
    private final LiveEvents events;

    FeedGraphQlController(FeedService feed, LiveEvents events) {
        this.feed = feed;
        this.events = events;
    }

    @QueryMapping
    List<PostSummary> feed(@Argument @Nullable Integer first, @Argument @Nullable String after, Caller caller) {
        return feed.page(caller, PageArguments.of(first, after)).items();
    }

    /**
     * New posts that belong in the caller's feed. The event arrives after the post's transaction committed, so
     * its feed rows exist; checking them (a primary-key lookup, off the publishing thread) also honours follows
     * and unfollows made after the subscription started.
     */
    @SubscriptionMapping
    Flux<PostSummary> feedPostCreated(Caller caller) {
        Caller.User me = caller.requireUser(Scopes.POSTS_READ);
        return events.stream(PostEvents.PostCreated.class).map(PostEvents.PostCreated::post)
                .concatMap(post -> Mono.fromCallable(() -> feed.belongsTo(me.id(), post))
                        .subscribeOn(Schedulers.boundedElastic())
                        .filter(Boolean::booleanValue).map(yes -> post));
    }
}
