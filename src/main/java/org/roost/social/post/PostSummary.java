package org.roost.social.post;

import java.time.Instant;

/** @param likeCount the post's likes, a counter kept with each like (the like module owns it) */
public record PostSummary(long id, long authorId, String title, String body, Instant createdAt, Instant updatedAt,
        long likeCount) {
}
