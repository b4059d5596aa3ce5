package org.roost.social.follow;

import java.util.function.BiFunction;

import jakarta.servlet.http.HttpServletRequest;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserRepresentation;
import org.roost.identity.user.UserSummary;
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

@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}", ApiPaths.UNVERSIONED + "/users/{userId}" },
        produces = "application/json")
class FollowController {

    private final FollowService follows;

    FollowController(FollowService follows) {
        this.follows = follows;
    }

    @Operation(operationId = "listFollowers", summary = "List a user's followers", tags = "followers")
    @Outcomes(errors = { "401", "403", "404" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping("/followers")
    ResponseEntity<ListBody<UserRepresentation>> followers(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        return users(follows::followers, userId, PageRequest.of(limit, after), caller, request);
    }

    @Operation(operationId = "listFollowing", summary = "List whom a user follows", tags = "followers")
    @Outcomes(errors = { "401", "403", "404" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping("/following")
    ResponseEntity<ListBody<UserRepresentation>> following(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        return users(follows::following, userId, PageRequest.of(limit, after), caller, request);
    }

    private ResponseEntity<ListBody<UserRepresentation>> users(BiFunction<Long, PageRequest, Page<UserSummary>> query,
            String userId, PageRequest page, Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, query.apply(Ids.parse(userId, "The user"), page).map(u -> UserRepresentation.of(u, prefix)));
    }

    @Operation(operationId = "addFollower", summary = "Follow a user", tags = "followers")
    @Outcomes(success = "204", errors = { "400", "401", "403", "404" }, beyondSchema = {
            @Rule(field = "follower_id", rule = "must not be the followed user themself") })
    @PutMapping("/followers/{followerId}")
    ResponseEntity<Void> follow(@PathVariable String userId, @PathVariable String followerId, Caller caller) {
        follows.follow(Ids.parse(userId, "The user"), Ids.parse(followerId, "The follower"), caller);
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "removeFollower", summary = "Unfollow a user", tags = "followers")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @DeleteMapping("/followers/{followerId}")
    ResponseEntity<Void> unfollow(@PathVariable String userId, @PathVariable String followerId, Caller caller) {
        follows.unfollow(Ids.parse(userId, "The user"), Ids.parse(followerId, "The follower"), caller);
        return ResponseEntity.noContent().build();
    }
}
