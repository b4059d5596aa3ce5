package org.roost.social.post;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.roost.platform.live.LiveEvents;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Timestamps;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;

/** Posts over GraphQL: the same service and rules as {@link PostController}; {@code User.posts} and {@code Post.author} are {@link PostFields}. */
@Controller
class PostGraphQlController {

    private final PostService posts;
    private final LiveEvents events;

    PostGraphQlController(PostService posts, LiveEvents events) {
        this.posts = posts;
        this.events = events;
    }

    @QueryMapping
    @Nullable PostSummary post(@Argument String id, Caller caller) {
        caller.requireScope(Scopes.POSTS_READ);
        var postId = Ids.tryParse(id);
        return postId.isPresent() ? posts.find(postId.getAsLong()).orElse(null) : null;
    }

    /**
     * One field for the posts a page already shows (the web app's Like buttons ask whether the caller likes each),
     * instead of an alias per post, which the alias limit would cap at 15. In the order asked, each once.
     */
    @QueryMapping
    List<PostSummary> postsById(@Argument List<String> ids, Caller caller) {
        caller.requireScope(Scopes.POSTS_READ);
        if (ids.isEmpty() || ids.size() > PageRequest.MAX_LIMIT) {
            throw ApiException.invalid("ids", "must name 1 to " + PageRequest.MAX_LIMIT + " posts");
        }
        List<Long> asked = ids.stream().map(Ids::tryParse).filter(OptionalLong::isPresent)
                .map(OptionalLong::getAsLong).distinct().toList();
        Map<Long, PostSummary> found = posts.findAll(asked).stream()
                .collect(Collectors.toMap(PostSummary::id, Function.identity()));
        return asked.stream().map(found::get).filter(Objects::nonNull).toList();
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
