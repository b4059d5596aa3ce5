package org.roost.social.post;

import java.net.URI;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.roost.platform.web.Preconditions;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
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

    @Operation(operationId = "listPosts", summary = "List a user's posts", tags = "posts")
    @Outcomes(errors = { "401", "403", "404" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping
    ResponseEntity<ListBody<PostRepresentation>> list(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, posts.page(Ids.parse(userId, "The user"), PageRequest.of(limit, after))
                .map(p -> PostRepresentation.of(p, prefix, caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }

    @Operation(operationId = "createPost", summary = "Create a post", tags = "posts")
    @Outcomes(success = "201", errors = { "400", "401", "403", "404", "412", "413", "415" }, beyondSchema = {
            @Rule(field = "body", rule = SchemaRules.BALANCED),
            @Rule(field = "title", rule = SchemaRules.BALANCED),
            @Rule(field = "in_reply_to", rule = "must be the id of an existing post") })
    @PostMapping(consumes = "application/json")
    ResponseEntity<PostRepresentation> create(@PathVariable String userId,
            @Valid @RequestBody PostCommands.CreatePost command, Caller caller, HttpServletRequest request) {
        PostRepresentation created = PostRepresentation.of(posts.create(Ids.parse(userId, "The user"), caller, command),
                ApiPaths.prefix(request), true);
        return ResponseEntity.created(URI.create(created.links().get("self"))).body(created);
    }

    @Operation(operationId = "getPost", summary = "Get a post", tags = "posts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping("/{postId}")
    PostRepresentation get(@PathVariable String userId, @PathVariable String postId, Caller caller,
            HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        PostSummary post = posts.get(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"));
        return PostRepresentation.of(post, ApiPaths.prefix(request), caller.mayChange(post.authorId(), Scopes.POSTS_WRITE));
    }

    /** The post's replies, oldest first (the order of a conversation). */
    @Operation(operationId = "listReplies", summary = "List a post's replies, oldest first", tags = "posts")
    @Outcomes(errors = { "401", "403", "404" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
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
    @Operation(operationId = "listAncestors", summary = "The chain of posts above a reply, root first", tags = "posts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping("/{postId}/ancestors")
    ResponseEntity<ListBody<PostRepresentation>> ancestors(@PathVariable String userId, @PathVariable String postId,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, new Page<>(posts.ancestors(Ids.parse(userId, "The post"), Ids.parse(postId, "The post")), null)
                .map(p -> PostRepresentation.of(p, prefix, caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }

    @Operation(operationId = "updatePost", summary = "Update a post", tags = "posts")
    @Outcomes(errors = { "400", "401", "403", "404", "412", "413", "415" }, beyondSchema = {
            @Rule(field = "body", rule = SchemaRules.BALANCED),
            @Rule(field = "title", rule = SchemaRules.BALANCED) })
    @PatchMapping(path = "/{postId}", consumes = { "application/json", "application/merge-patch+json" })
    PostRepresentation update(@PathVariable String userId, @PathVariable String postId,
            @Valid @RequestBody PostCommands.UpdatePost command, Caller caller, HttpServletRequest request) {
        long author = Ids.parse(userId, "The post");
        long id = Ids.parse(postId, "The post");
        caller.requireOwner(posts.get(author, id).authorId(), Scopes.POSTS_WRITE);
        preconditions.checkIfMatch(request, () -> PostRepresentation.of(posts.get(author, id), ApiPaths.prefix(request), true));
        return PostRepresentation.of(posts.update(author, id, caller, command), ApiPaths.prefix(request), true);
    }

    @Operation(operationId = "deletePost", summary = "Delete a post", tags = "posts")
    @Outcomes(success = "204", errors = { "401", "403", "404", "412" })
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
