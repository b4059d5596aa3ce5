package org.roost.authorization.token;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VerifiedTokensTest {

    final AtomicInteger verifications = new AtomicInteger();
    final AtomicBoolean revoked = new AtomicBoolean();

    final JwtDecoder verifier = token -> {
        verifications.incrementAndGet();
        if (token.startsWith("forged")) {
            throw new BadJwtException("bad signature");
        }
        return Jwt.withTokenValue(token).header("alg", "RS256").subject("7")
                .expiresAt(Instant.now().plusSeconds(60)).build();
    };

    final VerifiedTokens tokens = new VerifiedTokens(verifier,
            jwt -> revoked.get() ? OAuth2TokenValidatorResult.failure(new OAuth2Error("invalid_token",
                    "The token has been revoked.", null)) : OAuth2TokenValidatorResult.success(),
            100, Duration.ofMinutes(1));

    @Test
    void verifiesTheSignatureOfATokenOnceForManyUses() {
        // when the same token is used three times
        for (int i = 0; i < 3; i++) {
            assertThat(tokens.decode("token-a").getSubject()).isEqualTo("7");
        }

        // then its signature was checked once
        assertThat(verifications).hasValue(1);
    }

    @Test
    void checksTheClaimsOnEveryUse() {
        // given a token used once
        tokens.decode("token-b");

        // when it is revoked afterwards
        revoked.set(true);

        // then the next use is refused with the validator's reason
        assertThatThrownBy(() -> tokens.decode("token-b")).isInstanceOf(JwtValidationException.class)
                .hasMessageContaining("The token has been revoked.");
    }

    @Test
    void remembersNoTokenThatFailedVerification() {
        // when a forged token is sent twice
        assertThatThrownBy(() -> tokens.decode("forged-c")).isInstanceOf(BadJwtException.class);
        assertThatThrownBy(() -> tokens.decode("forged-c")).isInstanceOf(BadJwtException.class);

        // then it was verified (and refused) both times
        assertThat(verifications).hasValue(2);
    }
}
