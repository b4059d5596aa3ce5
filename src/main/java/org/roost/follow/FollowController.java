package org.roost.follow;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.shared.Caller;
import org.roost.shared.Ids;
import org.roost.shared.PageRequest;
import org.roost.shared.Scopes;
import org.roost.user.UserRepresentation;
import org.roost.web.ApiPaths;
import org.roost.web.ListBody;
import org.roost.web.Lists;
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

    @GetMapping("/followers")
    ResponseEntity<ListBody<UserRepresentation>> followers(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, follows.followers(Ids.parse(userId, "The user"), PageRequest.of(limit, after))
                .map(u -> UserRepresentation.of(u, prefix)));
    }

    @GetMapping("/following")
    ResponseEntity<ListBody<UserRepresentation>> following(@PathVariable String userId,
            @RequestParam(required = false) @Nullable Integer limit, @RequestParam(required = false) @Nullable String after,
            Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, follows.following(Ids.parse(userId, "The user"), PageRequest.of(limit, after))
                .map(u -> UserRepresentation.of(u, prefix)));
    }

    @PutMapping("/followers/{followerId}")
    ResponseEntity<Void> follow(@PathVariable String userId, @PathVariable String followerId, Caller caller) {
        follows.follow(Ids.parse(userId, "The user"), Ids.parse(followerId, "The follower"), caller);
        return ResponseEntity.noContent().build();
    }

    @DeleteMapping("/followers/{followerId}")
    ResponseEntity<Void> unfollow(@PathVariable String userId, @PathVariable String followerId, Caller caller) {
        follows.unfollow(Ids.parse(userId, "The user"), Ids.parse(followerId, "The follower"), caller);
        return ResponseEntity.noContent().build();
    }
}
