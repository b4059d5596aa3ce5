package org.roost.social.like;

import jakarta.servlet.http.HttpServletRequest;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserRepresentation;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A post's likes as a collection of users, shaped like a user's followers (FollowController). */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/posts/{postId}/likes",
        ApiPaths.UNVERSIONED + "/users/{userId}/posts/{postId}/likes" }, produces = "application/json")
class LikeController {

    private final LikeService likes;

    LikeController(LikeService likes) {
        this.likes = likes;
    }

    @Operation(operationId = "listLikes", summary = "List who likes a post", tags = "likes")
    @Outcomes(errors = { "401", "403", "404" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping
    ResponseEntity<ListBody<UserRepresentation>> likes(@PathVariable String userId, @PathVariable String postId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, likes.likers(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"),
                PageRequest.of(limit, after)).map(u -> UserRepresentation.of(u, prefix)));
    }

    @Operation(operationId = "addLike", summary = "Like a post", tags = "likes")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @PutMapping("/{likerId}")
    ResponseEntity<Void> like(@PathVariable String userId, @PathVariable String postId, @PathVariable String likerId,
            Caller caller) {
        likes.like(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"), Ids.parse(likerId, "The liker"), caller);
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "removeLike", summary = "Take back a like", tags = "likes")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @DeleteMapping("/{likerId}")
    ResponseEntity<Void> unlike(@PathVariable String userId, @PathVariable String postId, @PathVariable String likerId,
            Caller caller) {
        likes.unlike(Ids.parse(userId, "The post"), Ids.parse(postId, "The post"), Ids.parse(likerId, "The liker"), caller);
        return ResponseEntity.noContent().build();
    }
}
