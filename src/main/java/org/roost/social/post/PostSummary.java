package org.roost.social.post;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * @param likeCount  the post's likes, a counter kept with each like (the like module owns it)
 * @param inReplyTo  the post this one answers; kept when that post is deleted (then it names no post)
 * @param replyCount the post's replies, a counter kept with each reply and its deletion
 * @param mentions   the users the text mentions, as stored when it was written
 */
public record PostSummary(long id, long authorId, String title, String body, Instant createdAt, Instant updatedAt,
        long likeCount, @Nullable Long inReplyTo, long replyCount, List<Mention> mentions) {

    public PostSummary {
        mentions = List.copyOf(mentions);
    }

    /** A user named in the text with {@code @username}, who existed when it was written. */
    public record Mention(long id, String username) {
    }
}
