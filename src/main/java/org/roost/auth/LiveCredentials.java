package org.roost.auth;

import java.time.Clock;
import java.time.Instant;

import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;

/**
 * Whether a credential that opened a long-lived connection (a WebSocket, an event stream) still
 * holds: per-request filters never see such a connection again, so it asks here now and then.
 */
@Component
public class LiveCredentials {

    private final SessionRepository<?> sessions;
    private final CredentialRevocations revocations;
    private final SessionProperties properties;
    private final Clock clock;

    LiveCredentials(SessionRepository<?> sessions, CredentialRevocations revocations, SessionProperties properties,
            Clock clock) {
        this.sessions = sessions;
        this.revocations = revocations;
        this.properties = properties;
        this.clock = clock;
    }

    /** @param sessionId the server-side session the credential came with, if it came with one */
    public boolean stillValid(Authentication authentication, @Nullable String sessionId) {
        Instant now = clock.instant();
        return switch (authentication.getPrincipal()) {
            case SessionUser user -> sessionId != null && sessions.findById(sessionId) != null
                    && !revocations.isRevoked(user.id(), user.authenticatedAt())
                    && user.authenticatedAt().plus(properties.absoluteTimeout()).isAfter(now);
            case Jwt jwt -> (jwt.getExpiresAt() == null || jwt.getExpiresAt().isAfter(now)) && !revoked(jwt);
            case null, default -> authentication.isAuthenticated();
        };
    }

    private boolean revoked(Jwt jwt) {
        try {
            Instant issuedAt = jwt.getIssuedAt();
            return issuedAt != null && revocations.isRevoked(Long.parseLong(jwt.getSubject()), issuedAt);
        }
        catch (NumberFormatException clientToken) {
            return false;
        }
    }
}
