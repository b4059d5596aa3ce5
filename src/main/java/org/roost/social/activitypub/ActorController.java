package org.roost.social.activitypub;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.social.activitypub.ActivityStreams.OrderedCollection;
import org.roost.social.activitypub.ActivityStreams.OrderedCollectionPage;
import org.roost.social.follow.FollowService;
import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Actors, their collections and their posts under {@code /ap} (docs/activitypub.md), each negotiated
 * ({@link Negotiation}). Collections are paged newest first on the same keyset pages as the API: the collection
 * itself gives {@code totalItems} and its first page, {@code ?page=true}; each page links the next with {@code after}.
 */
@RestController
@RequestMapping(ActivityPubUrls.PREFIX)
class ActorController {

    private final FederationSwitch federation;
    private final ActivityPubUrls urls;
    private final Documents documents;
    private final UserService users;
    private final PostService posts;
    private final FollowService follows;
    private final RemoteFollowerRepository remoteFollowers;

    /** The followers collection's cursor past the local followers, among the remote ones. */
    static final String REMOTE_CURSOR = "remote.";

    ActorController(FederationSwitch federation, ActivityPubUrls urls, Documents documents, UserService users,
            PostService posts, FollowService follows, RemoteFollowerRepository remoteFollowers) {
        this.federation = federation;
        this.urls = urls;
        this.documents = documents;
        this.users = users;
        this.posts = posts;
        this.follows = follows;
        this.remoteFollowers = remoteFollowers;
    }

    @GetMapping("/users/{userId}")
    ResponseEntity<Object> actor(@PathVariable String userId, @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        UserSummary user = user(userId);
        return Negotiation.of(accept).answer(() -> documents.person(user), urls.profilePage(user.username()));
    }

    @GetMapping("/users/{userId}/outbox")
    ResponseEntity<Object> outbox(@PathVariable String userId, @RequestParam(required = false) @Nullable String page,
            @RequestParam(required = false) @Nullable String after,
            @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        UserSummary user = user(userId);
        return collection(urls.outbox(user.id()), user, posts.countByAuthor(user.id()), page, after, accept,
                cursor -> posts.page(user.id(), PageRequest.of(null, cursor)).map(post -> documents.create(post, user, false)));
    }

    @GetMapping("/users/{userId}/followers")
    ResponseEntity<Object> followers(@PathVariable String userId, @RequestParam(required = false) @Nullable String page,
            @RequestParam(required = false) @Nullable String after,
            @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        UserSummary user = user(userId);
        long total = follows.followerCounts(List.of(user.id())).getOrDefault(user.id(), 0L)
                + remoteFollowers.count(user.id());
        return collection(urls.followers(user.id()), user, total, page, after, accept,
                cursor -> followersPage(user.id(), cursor));
    }

    @GetMapping("/users/{userId}/following")
    ResponseEntity<Object> following(@PathVariable String userId, @RequestParam(required = false) @Nullable String page,
            @RequestParam(required = false) @Nullable String after,
            @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        UserSummary user = user(userId);
        Map<Long, Long> counts = follows.followingCounts(List.of(user.id()));
        return collection(urls.following(user.id()), user, counts.getOrDefault(user.id(), 0L), page, after, accept,
                cursor -> follows.following(user.id(), PageRequest.of(null, cursor)).map(followed -> urls.actor(followed.id())));
    }

    @GetMapping("/posts/{postId}")
    ResponseEntity<Object> note(@PathVariable String postId,
            @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        PostSummary post = post(postId);
        UserSummary author = users.get(post.authorId());
        return Negotiation.of(accept).answer(() -> documents.note(post, author, true), urls.postPage(author.username(), post.id()));
    }

    @GetMapping("/posts/{postId}/activity")
    ResponseEntity<Object> create(@PathVariable String postId,
            @RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
        PostSummary post = post(postId);
        UserSummary author = users.get(post.authorId());
        return Negotiation.of(accept).answer(() -> documents.create(post, author, true), urls.postPage(author.username(), post.id()));
    }

    private ResponseEntity<Object> collection(String id, UserSummary owner, long total, @Nullable String page,
            @Nullable String after, @Nullable String accept, Function<@Nullable String, Page<?>> items) {
        Negotiation negotiation = Negotiation.of(accept);
        String first = UriComponentsBuilder.fromUriString(id).queryParam("page", "true").build().toUriString();
        if (page == null && after == null) {
            return negotiation.answer(() -> new OrderedCollection(ActivityStreams.CONTEXTS, id, "OrderedCollection", total, first),
                    urls.profilePage(owner.username()));
        }
        if (negotiation == Negotiation.HTML) {
            return negotiation.answer(() -> "", urls.profilePage(owner.username()));
        }
        Page<?> slice = items.apply(after);
        String self = after == null ? first : pageUrl(id, after);
        String next = slice.nextCursor() == null ? null : pageUrl(id, slice.nextCursor());
        return negotiation.answer(() -> new OrderedCollectionPage(ActivityStreams.CONTEXTS, self, "OrderedCollectionPage",
                id, total, next, slice.items()), urls.profilePage(owner.username()));
    }

    /**
     * Local followers first, on the API's pages; after the last of them, the remote ones ({@code after=remote.{row}},
     * newest first), topping up the last local page to the page size. Two sources, one collection.
     */
    private Page<String> followersPage(long userId, @Nullable String after) {
        PageRequest request = PageRequest.of(null, after != null && after.startsWith(REMOTE_CURSOR) ? null : after);
        List<String> items = new ArrayList<>();
        long before = Long.MAX_VALUE;
        if (after != null && after.startsWith(REMOTE_CURSOR)) {
            before = Ids.tryParse(after.substring(REMOTE_CURSOR.length())).orElseThrow(
                    () -> ApiException.invalid("after", "is not a cursor of this collection"));
        }
        else {
            Page<String> local = follows.followers(userId, request).map(follower -> urls.actor(follower.id()));
            if (local.nextCursor() != null) {
                return local;
            }
            items.addAll(local.items());
        }
        int room = request.limit() - items.size();
        List<RemoteFollowerRepository.Row> rows = remoteFollowers.page(userId, before, room + 1);
        rows.stream().limit(room).forEach(row -> items.add(row.actorId()));
        String next = null;
        if (rows.size() > room) {
            next = REMOTE_CURSOR + (room == 0 ? Long.MAX_VALUE : rows.get(room - 1).id());
        }
        return new Page<>(items, next);
    }

    private static String pageUrl(String collection, String after) {
        return UriComponentsBuilder.fromUriString(collection).queryParam("page", "true").queryParam("after", after)
                .encode().build().toUriString();
    }

    private UserSummary user(String userId) {
        federation.requireEnabled();
        return users.find(Ids.parse(userId, "The user")).orElseThrow(() -> ApiException.notFound("The user"));
    }

    private PostSummary post(String postId) {
        federation.requireEnabled();
        return posts.find(Ids.parse(postId, "The post")).orElseThrow(() -> ApiException.notFound("The post"));
    }
}
