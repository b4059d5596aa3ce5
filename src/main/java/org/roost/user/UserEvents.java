package org.roost.user;

/** What happens to users that other features react to. Published inside the changing transaction. */
public final class UserEvents {

    private UserEvents() {
    }

    /** Every credential the user holds must stop working. */
    public record CredentialsRevoked(long userId) {
    }

    public record UserDeleted(long userId) {
    }

    /** Published just before a user's row is deleted, while the rows that cascade with it can still be read. */
    public record UserDeleting(long userId) {
    }
}
