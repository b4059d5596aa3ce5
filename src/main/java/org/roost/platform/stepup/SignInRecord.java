package org.roost.platform.stepup;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A principal that remembers when its user last proved who they are in full (the session's, session.SessionUser):
 * what {@link Reauthentication} reads, without knowing the sessions module.
 */
public interface SignInRecord {

    long id();

    /** Null when the sign-in was one that does not count (a passkey that did not verify its user). */
    @Nullable Instant verifiedAt();
}
