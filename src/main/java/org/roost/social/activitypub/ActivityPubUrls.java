package org.roost.social.activitypub;

import java.net.URI;
import java.util.OptionalLong;

import org.roost.platform.origin.PublicOrigin;
import org.roost.platform.shared.Ids;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriUtils;

/**
 * Every ActivityPub URL this service hands out, on the one public origin. Actors are named by their user id, not
 * their username ({@code /ap/users/{id}}): an id is kept by other servers for good, and the number never changes.
 */
@Component
class ActivityPubUrls {

    static final String PREFIX = "/ap";
    static final String USERS = PREFIX + "/users/";
    static final String POSTS = PREFIX + "/posts/";
    static final String SHARED_INBOX = PREFIX + "/inbox";

    private final PublicOrigin origin;

    ActivityPubUrls(PublicOrigin origin) {
        this.origin = origin;
    }

    String actor(long userId) {
        return origin.link(USERS + userId);
    }

    String key(long userId) {
        return actor(userId) + "#main-key";
    }

    String inbox(long userId) {
        return actor(userId) + "/inbox";
    }

    String outbox(long userId) {
        return actor(userId) + "/outbox";
    }

    String followers(long userId) {
        return actor(userId) + "/followers";
    }

    String following(long userId) {
        return actor(userId) + "/following";
    }

    String sharedInbox() {
        return origin.link(SHARED_INBOX);
    }

    String note(long postId) {
        return origin.link(POSTS + postId);
    }

    String create(long postId) {
        return note(postId) + "/activity";
    }

    /** The app's page of a person ({@code /u/{username}}), where a browser asking for the actor is sent. */
    String profilePage(String username) {
        return origin.link("/u/" + UriUtils.encodePathSegment(username, java.nio.charset.StandardCharsets.UTF_8));
    }

    String postPage(String username, long postId) {
        return profilePage(username) + "/posts/" + postId;
    }

    /** The avatar as the API serves it, to anyone while public reading is on. */
    String avatar(long userId) {
        return origin.link("/api/v1/users/" + userId + "/avatar");
    }

    /** The {@code acct:} URI's host part: the public origin's host and, when it has one, port. */
    String host() {
        URI uri = URI.create(origin.url());
        return uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
    }

    /** The user id an actor URL of ours names, or empty for any other URL. */
    OptionalLong userOf(String url) {
        String prefix = origin.link(USERS);
        if (!url.startsWith(prefix)) {
            return OptionalLong.empty();
        }
        return Ids.tryParse(url.substring(prefix.length()));
    }
}
