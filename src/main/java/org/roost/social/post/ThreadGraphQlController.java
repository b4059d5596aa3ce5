package org.roost.social.post;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.schema.DataFetchingEnvironment;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.PageRequest;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.execution.BatchLoaderRegistry;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Mono;

/**
 * Threads over GraphQL: the same service as the REST {@code replies} and {@code ancestors}. Over a page of posts each
 * field is one statement: {@code inReplyTo} by primary key, {@code replies} one statement per distinct page size (as
 * {@code Post.likes}), {@code ancestors} one recursive statement; {@code replyCount} and {@code mentions} are columns.
 */
@Controller
class ThreadGraphQlController {

    static final String PARENTS = "postParents";
    static final String REPLIES = "postReplies";

    record RepliesKey(long postId, PageRequest page) {
    }

    private final PostService posts;

    ThreadGraphQlController(BatchLoaderRegistry registry, PostService posts) {
        this.posts = posts;
        registry.<Long, PostSummary>forName(PARENTS).registerMappedBatchLoader((ids, env) -> Mono.fromCallable(() ->
                posts.findAll(List.copyOf(ids)).stream().collect(Collectors.toMap(PostSummary::id, Function.identity()))));
        registry.<RepliesKey, List<PostSummary>>forName(REPLIES)
                .registerMappedBatchLoader((keys, env) -> Mono.fromCallable(() -> replies(keys)));
    }

    @SchemaMapping(typeName = "Post")
    @Nullable String inReplyToId(PostSummary post) {
        return post.inReplyTo() == null ? null : Long.toString(post.inReplyTo());
    }

    @SchemaMapping(typeName = "Post")
    CompletableFuture<@Nullable PostSummary> inReplyTo(PostSummary post, DataFetchingEnvironment env) {
        if (post.inReplyTo() == null) {
            return CompletableFuture.completedFuture(null);
        }
        return env.<Long, PostSummary>getDataLoader(PARENTS).load(post.inReplyTo());
    }

    @SchemaMapping(typeName = "Post")
    CompletableFuture<List<PostSummary>> replies(PostSummary post, @Argument @Nullable Integer first,
            @Argument @Nullable String after, DataFetchingEnvironment env) {
        return env.<RepliesKey, List<PostSummary>>getDataLoader(REPLIES)
                .load(new RepliesKey(post.id(), PageArguments.of(first, after)));
    }

    @BatchMapping(typeName = "Post")
    Map<PostSummary, List<PostSummary>> ancestors(List<PostSummary> page) {
        Map<Long, List<PostSummary>> chains = posts.ancestorsOf(page.stream().map(PostSummary::id).distinct().toList());
        return page.stream().collect(Collectors.toMap(Function.identity(),
                p -> chains.getOrDefault(p.id(), List.of()), (a, b) -> a));
    }

    private Map<RepliesKey, List<PostSummary>> replies(Set<RepliesKey> keys) {
        Map<RepliesKey, List<PostSummary>> result = new HashMap<>();
        keys.stream().filter(k -> k.page().afterId() != null)
                .forEach(k -> result.put(k, posts.replies(k.postId(), k.page()).items()));
        keys.stream().filter(k -> k.page().afterId() == null).collect(Collectors.groupingBy(k -> k.page().limit()))
                .forEach((limit, sameSize) -> {
                    Map<Long, List<PostSummary>> byParent = posts.repliesOf(
                            sameSize.stream().map(RepliesKey::postId).toList(), limit).stream()
                            .collect(Collectors.groupingBy(PostSummary::inReplyTo));
                    sameSize.forEach(k -> result.put(k, byParent.getOrDefault(k.postId(), List.of())));
                });
        return result;
    }
}
