package org.roost.social.follow;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.roost.platform.shared.PageRequest;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.graphql.execution.BatchLoaderRegistry;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Loads {@code User.followers} and {@code User.following} for every user of a response at once:
 * one statement for the edges and one for the users, per distinct page size.
 */
@Component
class FollowBatches {

    static final String FOLLOWERS = "userFollowers";
    static final String FOLLOWING = "userFollowing";

    record Key(long userId, PageRequest page) {
    }

    private final FollowService follows;
    private final UserService users;

    FollowBatches(BatchLoaderRegistry registry, FollowService follows, UserService users) {
        this.follows = follows;
        this.users = users;
        registry.<Key, List<UserSummary>>forName(FOLLOWERS)
                .registerMappedBatchLoader((keys, env) -> Mono.fromCallable(() -> load(keys, true)));
        registry.<Key, List<UserSummary>>forName(FOLLOWING)
                .registerMappedBatchLoader((keys, env) -> Mono.fromCallable(() -> load(keys, false)));
    }

    private Map<Key, List<UserSummary>> load(Set<Key> keys, boolean followers) {
        Map<Key, List<UserSummary>> result = new HashMap<>();
        keys.stream().filter(k -> k.page().afterId() != null).forEach(k -> result.put(k,
                (followers ? follows.followers(k.userId(), k.page()) : follows.following(k.userId(), k.page())).items()));
        keys.stream().filter(k -> k.page().afterId() == null).collect(Collectors.groupingBy(k -> k.page().limit()))
                .forEach((limit, sameSize) -> {
                    List<Long> ids = sameSize.stream().map(Key::userId).toList();
                    List<FollowService.Edge> edges = followers ? follows.followersOf(ids, limit) : follows.followingOf(ids, limit);
                    Map<Long, UserSummary> people = users.findAll(edges.stream()
                                    .map(e -> followers ? e.followerId() : e.userId()).distinct().toList())
                            .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
                    Map<Long, List<UserSummary>> byKey = edges.stream().filter(e -> people.containsKey(followers ? e.followerId() : e.userId()))
                            .collect(Collectors.groupingBy(e -> followers ? e.userId() : e.followerId(),
                                    Collectors.mapping(e -> people.get(followers ? e.followerId() : e.userId()), Collectors.toList())));
                    sameSize.forEach(k -> result.put(k, byKey.getOrDefault(k.userId(), List.of())));
                });
        return result;
    }
}
