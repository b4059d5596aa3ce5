package org.roost.session;

import java.io.Serial;
import java.io.Serializable;
import java.time.Instant;

/** The principal of a session login. Serializable because Redis-backed sessions store it. */
public record SessionUser(long id, String username, Instant authenticatedAt) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;
}
