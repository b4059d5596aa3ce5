package org.roost.authorization.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;

/**
 * Reuse detection for rotated refresh tokens (RFC 9700, section 4.14.2), for every grant that rotates them: the
 * first-party sign-in ({@code /auth/token}) and clients registered with {@code reuse-refresh-tokens: false}. Spring's
 * store forgets a refresh token once a rotation replaced it, so a copy presented later looked merely unknown. This
 * decorator remembers each replaced token (by SHA-256, never the token) with the authorization it belonged to; one
 * presented again means two parties held it, and the whole authorization ends: its refresh token, and through
 * {@code remove} every access token it issued ({@code revoked_with}). Two refreshes racing with one token both
 * succeed once, and the loser's next refresh is then a replay that ends the authorization.
 */
record RefreshTokenReuse(OAuth2AuthorizationService delegate, JdbcOperations jdbc, ApplicationEventPublisher events,
        Clock clock) implements OAuth2AuthorizationService {

    /** How long a replaced token is remembered when it had no expiry of its own. */
    private static final Duration DEFAULT_MEMORY = Duration.ofDays(30);

    @Override
    public void save(OAuth2Authorization authorization) {
        OAuth2Authorization.Token<OAuth2RefreshToken> next = authorization.getRefreshToken();
        OAuth2Authorization before = next == null ? null : delegate.findById(authorization.getId());
        OAuth2Authorization.Token<OAuth2RefreshToken> replaced = before == null ? null : before.getRefreshToken();
        if (next != null && replaced != null && !replaced.getToken().getTokenValue().equals(next.getToken().getTokenValue())) {
            Instant expiresAt = replaced.getToken().getExpiresAt();
            jdbc.update("INSERT INTO rotated_refresh_tokens (token_hash, authorization_id, expires_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT DO NOTHING", hash(replaced.getToken().getTokenValue()), authorization.getId(),
                    Timestamps.utc(expiresAt != null ? expiresAt : clock.instant().plus(DEFAULT_MEMORY)));
        }
        delegate.save(authorization);
    }

    @Override
    public void remove(OAuth2Authorization authorization) {
        delegate.remove(authorization);
    }

    @Override
    public @Nullable OAuth2Authorization findById(String id) {
        return delegate.findById(id);
    }

    @Override
    public @Nullable OAuth2Authorization findByToken(String token, @Nullable OAuth2TokenType tokenType) {
        OAuth2Authorization found = delegate.findByToken(token, tokenType);
        if (found == null && OAuth2TokenType.REFRESH_TOKEN.equals(tokenType)) {
            replayed(token);
        }
        return found;
    }

    /** A replaced refresh token presented again ends the authorization it belonged to, if that still exists. */
    private void replayed(String token) {
        var rotatedFrom = jdbc.queryForList("SELECT authorization_id FROM rotated_refresh_tokens WHERE token_hash = ?",
                String.class, hash(token));
        for (String id : rotatedFrom) {
            OAuth2Authorization authorization = delegate.findById(id);
            if (authorization != null) {
                delegate.remove(authorization);
                events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.REFRESH_TOKEN_REPLAYED,
                        authorization.getRegisteredClientId(), authorization.getPrincipalName()));
            }
        }
    }

    private static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
