package org.roost.identity.session;

import java.io.Serial;
import java.io.Serializable;
import java.time.Instant;

import org.jspecify.annotations.Nullable;
import org.roost.platform.stepup.SignInRecord;

/**
 * The principal of a session login. Serializable because Redis-backed sessions store it; a session stored before
 * {@code verifiedAt} existed reads it as null (records take a missing field's default), which asks for a new sign-in
 * before the next sensitive change.
 *
 * @param authenticatedAt when the session was signed in (its absolute lifetime and revocations count from it)
 * @param verifiedAt      when its user last proved who they are in full (a password, a code, a passkey that verified
 *                        them), for the sensitive changes that need a recent one (stepup.Reauthentication); null when
 *                        the sign-in was one that does not count (a passkey without user verification)
 */
public record SessionUser(long id, String username, Instant authenticatedAt, @Nullable Instant verifiedAt)
        implements Serializable, SignInRecord {

    @Serial
    private static final long serialVersionUID = 1L;

    /** A session signed in in full just now. */
    public SessionUser(long id, String username, Instant authenticatedAt) {
        this(id, username, authenticatedAt, authenticatedAt);
    }

    /** The same session, its user having just proved who they are again. */
    public SessionUser verified(Instant now) {
        return new SessionUser(id, username, authenticatedAt, now);
    }
}
