package org.roost.identity.user;

/** What happens to users that other features react to. Published inside the changing transaction. */
public final class UserEvents {

    private UserEvents() {
    }

    /** Every credential the user holds must stop working. */
    public record CredentialsRevoked(long userId) {
    }

    /**
     * The user changed their password (with the current one): published after {@link CredentialsRevoked}, so the
     * session that made the change can be signed in again while every other credential stays ended.
     */
    public record PasswordChanged(long userId) {
    }

    public record UserDeleted(long userId) {
    }

    /** Published just before a user's row is deleted, while the rows that cascade with it can still be read. */
    public record UserDeleting(long userId) {
    }

    /**
     * The user's email address was set, changed or removed; any earlier proof of an address is void.
     *
     * @param email the new address, or {@code null} when removed
     * @param previousVerified the address proven before the change, which is told of it, or {@code null}
     */
    public record EmailChanged(long userId, String username, @org.jspecify.annotations.Nullable String email,
            @org.jspecify.annotations.Nullable String previousVerified) {
    }
}
