package org.roost.post;

import java.time.Instant;

public record PostSummary(long id, long authorId, String title, String body, Instant createdAt, Instant updatedAt) {
}
