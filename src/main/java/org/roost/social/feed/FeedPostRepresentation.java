package org.roost.social.feed;

import org.roost.social.post.PostSummary;
import org.roost.social.post.PostRepresentation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.UserSummary;

/**
 * A post in a feed: the post's own fields and links, plus who wrote it, so a timeline needs no second request.
 * The author's profile is left out for a token without {@code users:read}, as {@code GET /users/{id}} would refuse it.
 */
record FeedPostRepresentation(String id, String title, String body, String authorId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Author author, String createdAt,
        String updatedAt, long likeCount, @Schema(types = { "string", "null" }) @Nullable String inReplyTo, long replyCount,
        List<PostRepresentation.MentionRepresentation> mentions, @JsonProperty("_links") Map<String, String> links) {

    record Author(String id, String username, String name, @JsonProperty("_links") Map<String, String> links) {

        static Author of(UserSummary author, String prefix) {
            String self = prefix + "/users/" + author.id();
            Map<String, String> links = new LinkedHashMap<>();
            links.put("self", self);
            if (author.hasAvatar()) {
                links.put("avatar", self + "/avatar");
            }
            return new Author(Long.toString(author.id()), author.username(), author.name(), links);
        }
    }

    static FeedPostRepresentation of(PostSummary post, @Nullable UserSummary author, String prefix, boolean mayChange) {
        PostRepresentation base = PostRepresentation.of(post, prefix, mayChange);
        return new FeedPostRepresentation(base.id(), base.title(), base.body(), base.authorId(),
                author == null ? null : Author.of(author, prefix), Timestamps.format(post.createdAt()),
                Timestamps.format(post.updatedAt()), post.likeCount(), base.inReplyTo(), base.replyCount(), base.mentions(),
                base.links());
    }
}
