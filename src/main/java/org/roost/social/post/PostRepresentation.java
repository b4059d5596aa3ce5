package org.roost.social.post;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.roost.platform.shared.Timestamps;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * @param inReplyTo the id of the post this one answers, or null; kept when that post is deleted (its link then
 *                  answers 404, and the thread's {@code ancestors} stop below it)
 * @param mentions  the users the text mentions, as resolved when it was written
 */
public record PostRepresentation(String id, String title, String body, String authorId, String createdAt, String updatedAt,
        long likeCount, @Schema(types = { "string", "null" }) @Nullable String inReplyTo, long replyCount,
        List<MentionRepresentation> mentions, @JsonProperty("_links") Map<String, String> links) {

    public record MentionRepresentation(String id, String username) {
    }

    /** @param mayChange whether the caller may change the post: only then is {@code delete} offered (not a 403 to find) */
    public static PostRepresentation of(PostSummary post, String prefix, boolean mayChange) {
        String author = prefix + "/users/" + post.authorId();
        String self = author + "/posts/" + post.id();
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", self);
        links.put("author", author);
        links.put("likes", self + "/likes");
        links.put("replies", self + "/replies");
        if (post.inReplyTo() != null) {
            links.put("ancestors", self + "/ancestors");
        }
        if (mayChange) {
            links.put("delete", self);
        }
        return new PostRepresentation(Long.toString(post.id()), post.title(), post.body(), Long.toString(post.authorId()),
                Timestamps.format(post.createdAt()), Timestamps.format(post.updatedAt()), post.likeCount(),
                post.inReplyTo() == null ? null : Long.toString(post.inReplyTo()), post.replyCount(),
                mentions(post.mentions()), links);
    }

    public static List<MentionRepresentation> mentions(List<PostSummary.Mention> mentions) {
        return mentions.stream().map(m -> new MentionRepresentation(Long.toString(m.id()), m.username())).toList();
    }
}
