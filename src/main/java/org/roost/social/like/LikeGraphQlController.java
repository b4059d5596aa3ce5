package org.roost.social.like;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import graphql.schema.DataFetchingEnvironment;

import org.jspecify.annotations.Nullable;
import org.roost.social.post.PostSummary;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserSummary;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.stereotype.Controller;

/**
 * Likes over GraphQL: the same service and rules as {@link LikeController}. {@code Post.likeCount} is the post's
 * own column; {@code likes} and {@code likedByMe} load in batches (LikeBatches). {@code likedByMe} goes through a
 * data loader rather than a {@code @BatchMapping} because it needs the {@link Caller}, which only a field's own
 * resolver is given.
 */
@Controller
class LikeGraphQlController {

    private final LikeService likes;

    LikeGraphQlController(LikeService likes) {
        this.likes = likes;
    }

    @SchemaMapping(typeName = "Post")
    CompletableFuture<List<UserSummary>> likes(PostSummary post, @Argument @Nullable Integer first,
            @Argument @Nullable String after, DataFetchingEnvironment env) {
        return env.<LikeBatches.Key, List<UserSummary>>getDataLoader(LikeBatches.LIKERS)
                .load(new LikeBatches.Key(post.id(), PageArguments.of(first, after)));
    }

    /** Whether the caller liked this post; false for a client acting for itself. */
    @SchemaMapping(typeName = "Post")
    CompletableFuture<Boolean> likedByMe(PostSummary post, Caller caller, DataFetchingEnvironment env) {
        return switch (caller) {
            case Caller.User me -> env.<LikeBatches.Liked, Boolean>getDataLoader(LikeBatches.LIKED_BY)
                    .load(new LikeBatches.Liked(me.id(), post.id()));
            case Caller.Client client -> CompletableFuture.completedFuture(false);
        };
    }

    @MutationMapping
    PostSummary likePost(@Argument String postId, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.POSTS_WRITE);
        PostSummary post = likes.post(Ids.parse(postId, "The post"));
        likes.like(post.authorId(), post.id(), me.id(), caller);
        return likes.post(post.id());
    }

    @MutationMapping
    PostSummary unlikePost(@Argument String postId, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.POSTS_WRITE);
        PostSummary post = likes.post(Ids.parse(postId, "The post"));
        likes.unlike(post.authorId(), post.id(), me.id(), caller);
        return likes.post(post.id());
    }
}
