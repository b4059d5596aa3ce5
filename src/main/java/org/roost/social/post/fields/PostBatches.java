package org.roost.social.post.fields;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.roost.platform.shared.PageRequest;
import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.springframework.graphql.execution.BatchLoaderRegistry;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Loads {@code User.posts} for every user of a response at once: one statement per distinct page
 * size, not one per user. A page after a given post is rarer and loads per user.
 */
@Component
class PostBatches {

    static final String USER_POSTS = "userPosts";

    record Key(long authorId, PageRequest page) {
    }

    PostBatches(BatchLoaderRegistry registry, PostService posts) {
        registry.<Key, List<PostSummary>>forName(USER_POSTS).registerMappedBatchLoader((keys, env) ->
                Mono.fromCallable(() -> load(posts, keys)));
    }

    static Map<Key, List<PostSummary>> load(PostService posts, Set<Key> keys) {
        Map<Key, List<PostSummary>> result = new HashMap<>();
        keys.stream().filter(k -> k.page().afterId() != null)
                .forEach(k -> result.put(k, posts.page(k.authorId(), k.page()).items()));
        keys.stream().filter(k -> k.page().afterId() == null)
                .collect(Collectors.groupingBy(k -> k.page().limit()))
                .forEach((limit, sameSize) -> {
                    Map<Long, List<PostSummary>> byAuthor = posts.newestByAuthors(
                            sameSize.stream().map(Key::authorId).toList(), limit).stream()
                            .collect(Collectors.groupingBy(PostSummary::authorId));
                    sameSize.forEach(k -> result.put(k, byAuthor.getOrDefault(k.authorId(), List.of())));
                });
        return result;
    }
}
