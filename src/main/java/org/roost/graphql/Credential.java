package org.roost.graphql;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.roost.gateway.security.Callers;
import org.roost.platform.shared.Caller;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * What authenticated a GraphQL operation, kept with the operation so that a subscription can
 * check, long after the HTTP filters ran, that it still holds.
 *
 * @param sessionId the server-side session it came with, if any
 */
public record Credential(Authentication authentication, @Nullable String sessionId, Caller caller) {

    /** The request attribute (and WebSocket session attribute) under which the transports leave it. */
    public static final String ATTRIBUTE = Credential.class.getName();

    static Optional<Credential> of(@Nullable Authentication authentication, @Nullable String sessionId) {
        return Callers.from(authentication).map(caller -> new Credential(authentication, sessionId, caller));
    }

    /** Whatever the security filters accepted for this HTTP request. */
    public static Optional<Credential> fromHttp(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return of(SecurityContextHolder.getContext().getAuthentication(), session == null ? null : session.getId());
    }
}
