package org.roost.post;

import java.net.URI;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.roost.shared.Caller;
import org.roost.shared.Ids;
import org.roost.shared.Page;
import org.roost.shared.PageRequest;
import org.roost.shared.Scopes;
import org.roost.web.ApiPaths;
import org.roost.web.ListBody;
import org.roost.web.Lists;
import org.roost.web.Preconditions;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/posts", ApiPaths.UNVERSIONED + "/users/{userId}/posts" },
        produces = "application/json")
class PostController {

    private final PostService posts;
    private final Preconditions preconditions;

    PostController(PostService posts, Preconditions preconditions) {
        this.posts = posts;
        this.preconditions = preconditions;
    }

    @GetMapping
    ResponseEntity<ListBody<PostRepresentation>> list(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, posts.page(Ids.parse(userId, "The user"), PageRequest.of(limit, after))
                .map(p -> PostRepresentation.of(p, prefix, caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }

    @PostMapping(consumes = "application/json")
    ResponseEntity<PostRepresentation> create(@PathVariable String userId,
            @Valid @RequestBody PostCommands.CreatePost command, Caller caller, HttpServletRequest request) {
        PostRepresentation created = PostRepresentation.of(posts.create(Ids.parse(userId, "The user"), caller, command),
                ApiPaths.prefix(request), true);
        return ResponseEntity.created(URI.create(created.links().get("self"))).body(created);
    }

    @GetMapping("/{postId}")
    PostRepresentation get(@PathVariable String userId, @PathVariable String postId, Caller caller,
            HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        PostSummary post = posts.get(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"));
        return PostRepresentation.of(post, ApiPaths.prefix(request), caller.mayChange(post.authorId(), Scopes.POSTS_WRITE));
    }

    /** The post's replies, oldest first (the order of a conversation). */
    @GetMapping("/{postId}/replies")
    ResponseEntity<ListBody<PostRepresentation>> replies(@PathVariable String userId, @PathVariable String postId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, posts.replies(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"),
                PageRequest.of(limit, after))
                .map(p -> PostRepresentation.of(p, prefix, caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }

    /**
     * The chain above the post, root first: the nearest {@link PostService#MAX_ANCESTORS}. When the first item
     * still has an {@code in_reply_to}, the post it names was deleted or lies further up.
     */
    @GetMapping("/{postId}/ancestors")
    ResponseEntity<ListBody<PostRepresentation>> ancestors(@PathVariable String userId, @PathVariable String postId,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, new Page<>(posts.ancestors(Ids.parse(userId, "The post"), Ids.parse(postId, "The post")), null)
                .map(p -> PostRepresentation.of(p, prefix, caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }

    @PatchMapping(path = "/{postId}", consumes = { "application/json", "application/merge-patch+json" })
    PostRepresentation update(@PathVariable String userId, @PathVariable String postId,
            @Valid @RequestBody PostCommands.UpdatePost command, Caller caller, HttpServletRequest request) {
        long author = Ids.parse(userId, "The post");
        long id = Ids.parse(postId, "The post");
        caller.requireOwner(posts.get(author, id).authorId(), Scopes.POSTS_WRITE);
        preconditions.checkIfMatch(request, () -> PostRepresentation.of(posts.get(author, id), ApiPaths.prefix(request), true));
        return PostRepresentation.of(posts.update(author, id, caller, command), ApiPaths.prefix(request), true);
    }

    @DeleteMapping("/{postId}")
    ResponseEntity<Void> delete(@PathVariable String userId, @PathVariable String postId, Caller caller,
            HttpServletRequest request) {
        long author = Ids.parse(userId, "The post");
        long id = Ids.parse(postId, "The post");
        caller.requireOwner(posts.get(author, id).authorId(), Scopes.POSTS_WRITE);
        preconditions.checkIfMatch(request, () -> PostRepresentation.of(posts.get(author, id), ApiPaths.prefix(request), true));
        posts.delete(author, id, caller);
        return ResponseEntity.noContent().build();
    }
}
