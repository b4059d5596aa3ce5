package org.roost.social.follow;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.schema.DataFetchingEnvironment;

import org.jspecify.annotations.Nullable;
import org.roost.platform.live.LiveEvents;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/** Follows over GraphQL: the same service and rules as {@link FollowController}; nested lists load in batches. */
@Controller
class FollowGraphQlController {

    private final FollowService follows;
    private final UserService users;
    private final LiveEvents events;

    FollowGraphQlController(FollowService follows, UserService users, LiveEvents events) {
        this.follows = follows;
        this.users = users;
        this.events = events;
    }

    @SchemaMapping(typeName = "User")
    CompletableFuture<List<UserSummary>> followers(UserSummary user, @Argument @Nullable Integer first,
            @Argument @Nullable String after, DataFetchingEnvironment env) {
        return env.<FollowBatches.Key, List<UserSummary>>getDataLoader(FollowBatches.FOLLOWERS)
                .load(new FollowBatches.Key(user.id(), PageArguments.of(first, after)));
    }

    @SchemaMapping(typeName = "User")
    CompletableFuture<List<UserSummary>> following(UserSummary user, @Argument @Nullable Integer first,
            @Argument @Nullable String after, DataFetchingEnvironment env) {
        return env.<FollowBatches.Key, List<UserSummary>>getDataLoader(FollowBatches.FOLLOWING)
                .load(new FollowBatches.Key(user.id(), PageArguments.of(first, after)));
    }

    @BatchMapping(typeName = "User")
    Map<UserSummary, Integer> followingCount(List<UserSummary> page) {
        Map<Long, Long> counts = follows.followingCounts(page.stream().map(UserSummary::id).distinct().toList());
        return page.stream().collect(Collectors.toMap(Function.identity(),
                u -> counts.getOrDefault(u.id(), 0L).intValue(), (a, b) -> a));
    }

    /** Whether the caller follows this user; false for a client acting for itself. One lookup per user shown. */
    @SchemaMapping(typeName = "User")
    boolean followedByMe(UserSummary user, Caller caller) {
        return switch (caller) {
            case Caller.User me -> !follows.followedAmong(me.id(), List.of(user.id())).isEmpty();
            case Caller.Client client -> false;
        };
    }

    @BatchMapping(typeName = "User")
    Map<UserSummary, Integer> followerCount(List<UserSummary> page) {
        Map<Long, Long> counts = follows.followerCounts(page.stream().map(UserSummary::id).distinct().toList());
        return page.stream().collect(Collectors.toMap(Function.identity(),
                u -> counts.getOrDefault(u.id(), 0L).intValue(), (a, b) -> a));
    }

    @MutationMapping
    UserSummary follow(@Argument String userId, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.FOLLOWERS_WRITE);
        long id = Ids.parse(userId, "The user");
        follows.follow(id, me.id(), caller);
        return users.get(id);
    }

    @MutationMapping
    UserSummary unfollow(@Argument String userId, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.FOLLOWERS_WRITE);
        long id = Ids.parse(userId, "The user");
        follows.unfollow(id, me.id(), caller);
        return users.get(id);
    }

    @SubscriptionMapping
    Flux<UserSummary> followerAdded(Caller caller) {
        Caller.User me = caller.requireUser(Scopes.USERS_READ);
        // Loading the follower is a database read: not on the thread of the write that published the event.
        return events.stream(FollowEvents.FollowerAdded.class).filter(added -> added.userId() == me.id())
                .publishOn(Schedulers.boundedElastic())
                .concatMapIterable(added -> users.findAll(List.of(added.followerId())));
    }
}
