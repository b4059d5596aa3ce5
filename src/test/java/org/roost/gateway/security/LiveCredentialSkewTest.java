package org.roost.gateway.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.roost.identity.revocation.CredentialRevocations;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.identity.session.SessionProperties;
import org.roost.authorization.token.TokenProperties;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.session.SessionRepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/** A subscription's token is held to the same 30 s of clock skew as a request's, not to 0 s. */
class LiveCredentialSkewTest {

    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    final TokenProperties tokens = new TokenProperties("roost-api", Duration.ofMinutes(15), Duration.ofDays(14),
            Duration.ofSeconds(30), "RS256", Duration.ofDays(30), Duration.ofMinutes(5), Duration.ofSeconds(30), 10_000, Duration.ofSeconds(60));

    @SuppressWarnings("unchecked")
    final LiveCredentials live = new LiveCredentials(mock(SessionRepository.class), mock(CredentialRevocations.class),
            mock(TokenDenylist.class), mock(SessionProperties.class), tokens, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void keepsATokenThatExpiredWithinTheSkew() {
        assertThat(live.stillValid(token(NOW.minusSeconds(10)), null)).isTrue();
    }

    @Test
    void endsATokenThatExpiredBeyondTheSkew() {
        assertThat(live.stillValid(token(NOW.minusSeconds(31)), null)).isFalse();
    }

    private static JwtAuthenticationToken token(Instant expiresAt) {
        Jwt jwt = Jwt.withTokenValue("t").header("alg", "RS256").subject("a-client").claim("client_only", true)
                .issuedAt(expiresAt.minus(Duration.ofMinutes(15))).expiresAt(expiresAt).build();
        return new JwtAuthenticationToken(jwt);
    }
}
