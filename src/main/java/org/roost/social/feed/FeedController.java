package org.roost.social.feed;

import org.roost.social.post.FeedService;
import org.roost.social.post.PostSummary;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The caller's home timeline over REST, paged like every other list. */
@RestController
class FeedController {

    private final FeedService feed;
    private final UserService users;

    FeedController(FeedService feed, UserService users) {
        this.feed = feed;
        this.users = users;
    }

    @Operation(operationId = "getFeed", tags = "feed")
    @Outcomes(beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping(path = { ApiPaths.V1 + "/feed", ApiPaths.UNVERSIONED + "/feed" }, produces = "application/json")
    ResponseEntity<ListBody<FeedPostRepresentation>> feed(@RequestParam(required = false) @Nullable Integer limit,
            @RequestParam(required = false) @Nullable String after, Caller caller, HttpServletRequest request) {
        Page<PostSummary> page = feed.page(caller, PageRequest.of(limit, after));
        // Authors' profiles are users:read data: a token with posts:read alone gets the posts with author_id only.
        Map<Long, UserSummary> authors = !caller.scopes().contains(Scopes.USERS_READ) ? Map.of()
                : users.findAll(page.items().stream().map(PostSummary::authorId).distinct().toList())
                        .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
        String prefix = ApiPaths.prefix(request);
        return Lists.ok(request, page.map(p -> FeedPostRepresentation.of(p, authors.get(p.authorId()), prefix,
                caller.mayChange(p.authorId(), Scopes.POSTS_WRITE))));
    }
}
