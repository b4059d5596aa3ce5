package org.roost.platform.shared;

import java.util.Set;

/**
 * Who is making a request, whatever credential proved it: a session, a first-party token or an
 * OAuth access token. Sessions and first-party tokens carry every scope; delegated tokens carry
 * what the user granted; a client-credentials token acts as its client and owns nothing.
 */
public sealed interface Caller permits Caller.User, Caller.Client {

    Set<String> scopes();

    record User(long id, Set<String> scopes) implements Caller {
        public User {
            scopes = Set.copyOf(scopes);
        }
    }

    record Client(String clientId, Set<String> scopes) implements Caller {
        public Client {
            scopes = Set.copyOf(scopes);
        }
    }

    /** A stable key per caller ("user:42", "client:my-app"), for budgets and counters kept per caller. */
    default String key() {
        return switch (this) {
            case User user -> "user:" + user.id();
            case Client client -> "client:" + client.clientId();
        };
    }

    default void requireScope(String scope) {
        if (!scopes().contains(scope)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
                    "The access token lacks the scope '" + scope + "'.");
        }
    }

    /** For what either of two scopes allows to read (a user reached for their posts, say). */
    default void requireAnyScope(String scope, String alternative) {
        if (!scopes().contains(scope) && !scopes().contains(alternative)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
                    "The access token lacks the scope '" + scope + "' (or '" + alternative + "').");
        }
    }

    /** Checks the scope, then that the caller is the user who owns what is being written. */
    default User requireOwner(long ownerId, String scope) {
        requireScope(scope);
        return switch (this) {
            case User user when user.id() == ownerId -> user;
            case User user -> throw ApiException.forbidden("Only the owner may change this resource.");
            case Client client -> throw ApiException.forbidden("A client acting for itself cannot change a user's data.");
        };
    }

    /** Whether {@link #requireOwner} would let this caller change what {@code ownerId} owns (for links that offer it). */
    default boolean mayChange(long ownerId, String scope) {
        return this instanceof User user && user.id() == ownerId && user.scopes().contains(scope);
    }

        /** The user behind the request, for writes that act as the caller (following someone, say). */
    default User requireUser(String scope) {
        requireScope(scope);
        return switch (this) {
            case User user -> user;
            case Client client -> throw ApiException.forbidden("A client acting for itself cannot act as a user.");
        };
    }
}
