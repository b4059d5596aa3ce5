package org.roost.gateway.security;

import java.time.Clock;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.CredentialRevocations;
import org.roost.identity.revocation.RevokedTokens;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.identity.session.SessionProperties;
import org.roost.identity.session.SessionUser;
import org.roost.authorization.token.TokenProperties;
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
    private final TokenDenylist denylist;
    private final SessionProperties properties;
    private final TokenProperties tokens;
    private final Clock clock;

    LiveCredentials(SessionRepository<?> sessions, CredentialRevocations revocations, TokenDenylist denylist,
            SessionProperties properties, TokenProperties tokens, Clock clock) {
        this.tokens = tokens;
        this.sessions = sessions;
        this.revocations = revocations;
        this.denylist = denylist;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * The same check as {@link #stillValid}, with what a token says read once: a subscription asks on
     * every event, and thousands of subscribers each ask for every event.
     */
    public BooleanSupplier prepare(Authentication authentication, @Nullable String sessionId) {
        if (!(authentication.getPrincipal() instanceof Jwt jwt) || jwt.getExpiresAt() == null) {
            return () -> stillValid(authentication, sessionId);
        }
        Instant expiry = jwt.getExpiresAt().plus(tokens.clockSkew());
        String jti = jwt.getId();
        Long user = RevokedTokens.user(jwt.getClaims());
        Instant issuedAt = RevokedTokens.issuedAt(jwt.getClaims());
        java.util.List<String> alsoEndedBy = RevokedTokens.revokedWith(jwt.getClaims());
        return () -> expiry.isAfter(clock.instant()) && (jti == null || !denylist.isDenied(jti))
                && alsoEndedBy.stream().noneMatch(denylist::isDenied)
                && (user == null || !revocations.isRevoked(user, issuedAt));
    }

    /** @param sessionId the server-side session the credential came with, if it came with one */
    public boolean stillValid(Authentication authentication, @Nullable String sessionId) {
        Instant now = clock.instant();
        return switch (authentication.getPrincipal()) {
            case SessionUser user -> sessionId != null && sessions.findById(sessionId) != null
                    && !revocations.isRevoked(user.id(), user.authenticatedAt())
                    && user.authenticatedAt().plus(properties.absoluteTimeout()).isAfter(now);
            // The same tolerance as the per-request check (TokenVerification), so both doors agree.
            case Jwt jwt -> jwt.getExpiresAt() != null && jwt.getExpiresAt().plus(tokens.clockSkew()).isAfter(now)
                    && (jwt.getId() == null || !denylist.isDenied(jwt.getId()))
                    && !RevokedTokens.revokedFamilyOrUser(jwt.getClaims(), denylist, revocations);
            case null, default -> authentication.isAuthenticated();
        };
    }
}
