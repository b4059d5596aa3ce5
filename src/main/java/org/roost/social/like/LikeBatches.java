package org.roost.social.like;

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
 * Loads {@code Post.likes} and {@code Post.likedByMe} for every post of a response at once: one statement for the
 * likes and one for the users per distinct page size; one statement for whether the caller liked each post.
 */
@Component
class LikeBatches {

    static final String LIKERS = "postLikers";
    static final String LIKED_BY = "postLikedBy";

    record Key(long postId, PageRequest page) {
    }

    /** Whether {@code userId} liked {@code postId}; the caller is the same for every key of one operation. */
    record Liked(long userId, long postId) {
    }

    private final LikeService likes;
    private final UserService users;

    LikeBatches(BatchLoaderRegistry registry, LikeService likes, UserService users) {
        this.likes = likes;
        this.users = users;
        registry.<Key, List<UserSummary>>forName(LIKERS)
                .registerMappedBatchLoader((keys, env) -> Mono.fromCallable(() -> likers(keys)));
        registry.<Liked, Boolean>forName(LIKED_BY)
                .registerMappedBatchLoader((keys, env) -> Mono.fromCallable(() -> liked(keys)));
    }

    private Map<Key, List<UserSummary>> likers(Set<Key> keys) {
        Map<Key, List<UserSummary>> result = new HashMap<>();
        keys.stream().filter(k -> k.page().afterId() != null)
                .forEach(k -> result.put(k, likes.likers(k.postId(), k.page()).items()));
        keys.stream().filter(k -> k.page().afterId() == null).collect(Collectors.groupingBy(k -> k.page().limit()))
                .forEach((limit, sameSize) -> {
                    List<LikeService.Like> found = likes.likersOf(sameSize.stream().map(Key::postId).toList(), limit);
                    Map<Long, UserSummary> people = users.findAll(found.stream().map(LikeService.Like::userId).distinct().toList())
                            .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
                    Map<Long, List<UserSummary>> byPost = found.stream().filter(l -> people.containsKey(l.userId()))
                            .collect(Collectors.groupingBy(LikeService.Like::postId,
                                    Collectors.mapping(l -> people.get(l.userId()), Collectors.toList())));
                    sameSize.forEach(k -> result.put(k, byPost.getOrDefault(k.postId(), List.of())));
                });
        return result;
    }

    private Map<Liked, Boolean> liked(Set<Liked> keys) {
        Map<Liked, Boolean> result = new HashMap<>();
        keys.stream().collect(Collectors.groupingBy(Liked::userId)).forEach((user, sameUser) -> {
            Set<Long> liked = likes.likedAmong(user, sameUser.stream().map(Liked::postId).toList());
            sameUser.forEach(k -> result.put(k, liked.contains(k.postId())));
        });
        return result;
    }
}
