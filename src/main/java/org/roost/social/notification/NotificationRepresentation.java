package org.roost.social.notification;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.UserSummary;

/**
 * A notification over REST. Its actors carry their ids and links; their username and name only for a caller with
 * {@code users:read} (null otherwise), as a feed item's author (the notification says who, the profile is the profile's scope). The
 * post is a link: reading it needs {@code posts:read}.
 *
 * @param type   {@code follow}, {@code reply}, {@code mention} or {@code like}
 * @param count  how many people it stands for (likes of one post and follows are grouped while unread)
 * @param actors the newest of them, newest first, at most three
 * @param postId the post it is about: the liked post, the reply, the mentioning post; null for follows
 */
record NotificationRepresentation(String id, String type, long count, List<Actor> actors,
        @Schema(types = { "string", "null" }) @Nullable String postId, boolean read, String createdAt, String updatedAt,
        @JsonProperty("_links") Map<String, String> links) {

    /** @param username null (as {@code name}) for a caller without {@code users:read} */
    record Actor(String id, @Schema(types = { "string", "null" }) @Nullable String username,
            @Schema(types = { "string", "null" }) @Nullable String name, @JsonProperty("_links") Map<String, String> links) {
    }

    static NotificationRepresentation of(Notification n, String prefix, boolean showProfiles) {
        Map<String, String> links = new LinkedHashMap<>();
        if (n.postId() != null && n.postAuthorId() != null) {
            links.put("post", prefix + "/users/" + n.postAuthorId() + "/posts/" + n.postId());
        }
        List<Actor> actors = n.actors().stream().map(a -> actor(a, prefix, showProfiles)).toList();
        return new NotificationRepresentation(Long.toString(n.id()), n.kind().column(), n.count(), actors,
                n.postId() == null ? null : Long.toString(n.postId()), n.read(), Timestamps.format(n.createdAt()),
                Timestamps.format(n.updatedAt()), links);
    }

    private static Actor actor(UserSummary user, String prefix, boolean showProfiles) {
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", prefix + "/users/" + user.id());
        return new Actor(Long.toString(user.id()), showProfiles ? user.username() : null, showProfiles ? user.name() : null,
                links);
    }
}
