package org.roost.social.feed;

import org.roost.social.post.PostSummary;
import org.roost.social.post.PostService;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The public timeline: everyone's posts, newest first, with their authors as the home timeline has them. What a
 * signed-out visitor reads on the landing page (docs/security.md, "Public reading"); any caller with
 * {@code posts:read} may read it too.
 */
@RestController
class RecentPostsController {

    private final PostService posts;
    private final UserService users;

    RecentPostsController(PostService posts, UserService users) {
        this.posts = posts;
        this.users = users;
    }

    @Operation(operationId = "listRecentPosts", summary = "List everyone's posts, newest first (the public timeline)",
            tags = "posts")
    @Outcomes(errors = { "400", "401", "403" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping(path = { ApiPaths.V1 + "/posts", ApiPaths.UNVERSIONED + "/posts" }, produces = "application/json")
    ResponseEntity<ListBody<FeedPostRepresentation>> recent(@RequestParam(required = false) @Nullable Integer limit,
            @RequestParam(required = false) @Nullable String after, Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.POSTS_READ);
        Page<PostSummary> page = posts.recent(PageRequest.of(limit, after));
        // as in the home timeline: authors' profiles are users:read data
        Map<Long, UserSummary> authors = !caller.scopes().contains(Scopes.USERS_READ) ? Map.of()
                : users.findAll(page.items().stream().map(PostSummary::authorId).distinct().toList())
                        .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, page.map(p -> FeedPostRepresentation.of(p, authors.get(p.authorId()), prefix,
                caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }
}
