package org.roost.post;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.schema.DataFetchingEnvironment;
import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.roost.live.LiveEvents;
import org.roost.shared.Caller;
import org.roost.shared.Ids;
import org.roost.shared.PageArguments;
import org.roost.shared.Scopes;
import org.roost.shared.Timestamps;
import org.roost.user.UserService;
import org.roost.user.UserSummary;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;

/** Posts over GraphQL: the same service and rules as {@link PostController}; nested fields load in batches. */
@Controller
class PostGraphQlController {

    private final PostService posts;
    private final UserService users;
    private final LiveEvents events;

    PostGraphQlController(PostService posts, UserService users, LiveEvents events) {
        this.posts = posts;
        this.users = users;
        this.events = events;
    }

    @QueryMapping
    @Nullable PostSummary post(@Argument String id, Caller caller) {
        caller.requireScope(Scopes.POSTS_READ);
        var postId = Ids.tryParse(id);
        return postId.isPresent() ? posts.find(postId.getAsLong()).orElse(null) : null;
    }

    @SchemaMapping(typeName = "User")
    CompletableFuture<List<PostSummary>> posts(UserSummary user, @Argument @Nullable Integer first,
            @Argument @Nullable String after, Caller caller, DataFetchingEnvironment env) {
        caller.requireScope(Scopes.POSTS_READ);
        return env.<PostBatches.Key, List<PostSummary>>getDataLoader(PostBatches.USER_POSTS)
                .load(new PostBatches.Key(user.id(), PageArguments.of(first, after)));
    }

    @BatchMapping(typeName = "Post")
    Map<PostSummary, UserSummary> author(List<PostSummary> page) {
        Map<Long, UserSummary> authors = users.findAll(page.stream().map(PostSummary::authorId).distinct().toList())
                .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
        return page.stream().filter(p -> authors.containsKey(p.authorId()))
                .collect(Collectors.toMap(Function.identity(), p -> authors.get(p.authorId()), (a, b) -> a));
    }

    @SchemaMapping(typeName = "Post")
    String createdAt(PostSummary post) {
        return Timestamps.format(post.createdAt());
    }

    @SchemaMapping(typeName = "Post")
    String updatedAt(PostSummary post) {
        return Timestamps.format(post.updatedAt());
    }

    @MutationMapping
    PostSummary createPost(@Argument @Valid PostCommands.CreatePost input, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.POSTS_WRITE);
        return posts.create(me.id(), caller, input);
    }

    @MutationMapping
    PostSummary updatePost(@Argument String id, @Argument @Valid PostCommands.UpdatePost input, Caller caller) {
        PostSummary post = posts.get(Ids.parse(id, "The post"));
        return posts.update(post.authorId(), post.id(), caller, input);
    }

    @MutationMapping
    boolean deletePost(@Argument String id, Caller caller) {
        PostSummary post = posts.get(Ids.parse(id, "The post"));
        posts.delete(post.authorId(), post.id(), caller);
        return true;
    }

    @SubscriptionMapping
    Flux<PostSummary> postCreated(@Argument @Nullable String authorId, Caller caller) {
        caller.requireScope(Scopes.POSTS_READ);
        Long author = authorId == null ? null : Ids.parse(authorId, "The user");
        return events.stream(PostEvents.PostCreated.class).map(PostEvents.PostCreated::post)
                .filter(post -> author == null || post.authorId() == author);
    }
}
