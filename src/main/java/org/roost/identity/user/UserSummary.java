package org.roost.identity.user;

import java.time.Instant;

/**
 * A user as other features see one: never with credentials.
 *
 * @param hasAvatar whether the user has uploaded an avatar, so that links to it are given only when it exists
 */
public record UserSummary(long id, String username, String name, Instant createdAt, Instant updatedAt, boolean hasAvatar,
        @org.jspecify.annotations.Nullable String bio) {
}
