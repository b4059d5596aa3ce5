package org.roost.user;

import java.time.Instant;

/** A user as other features see one: never with credentials. */
public record UserSummary(long id, String username, String name, Instant createdAt, Instant updatedAt) {
}
