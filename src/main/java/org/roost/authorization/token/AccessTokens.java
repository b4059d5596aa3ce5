package org.roost.authorization.token;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.roost.identity.revocation.RevokedTokens;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.stereotype.Component;

/**
 * Signs first-party access tokens: the user's id as {@code sub}, every first-party scope, in RFC 9068's profile
 * ({@code typ: at+jwt}, {@code client_id}, {@code jti}) like the authorization server's own access tokens.
 */
@Component
class AccessTokens {

    record Issued(String value, long expiresIn) {
    }

    private final JwtEncoder encoder;
    private final TokenProperties properties;
    private final Clock clock;

    AccessTokens(JwtEncoder encoder, TokenProperties properties, Clock clock) {
        this.encoder = encoder;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * @param amr    how the user signed in (RFC 8176: {@code pwd}, {@code otp}, {@code mfa})
     * @param signIn whether this token is minted by a sign-in: it then carries {@code auth_time}, which a sensitive
     *               change within the re-authentication window relies on (stepup.Reauthentication); a refreshed
     *               token proves no sign-in and carries none
     */
    Issued issue(long userId, Set<String> scopes, String issuer, String refreshFamily, List<String> amr, boolean signIn) {
        Instant now = clock.instant();
        JwtClaimsSet.Builder builder = JwtClaimsSet.builder();
        if (signIn) {
            builder.claim("auth_time", now.getEpochSecond());
        }
        JwtClaimsSet claims = builder
                .issuer(issuer)
                .subject(Long.toString(userId))
                .audience(List.of(properties.audience()))
                .issuedAt(now)
                .notBefore(now)
                .expiresAt(now.plus(properties.accessTokenLifetime()))
                .id(UUID.randomUUID().toString())
                .claim("client_id", AccessTokenType.FIRST_PARTY_CLIENT)
                .claim("scope", String.join(" ", scopes.stream().sorted().toList()))
                .claim(RevokedTokens.ISSUED_AT_MILLIS, now.toEpochMilli())
                .claim(RevokedTokens.FAMILY_CLAIM, refreshFamily)
                .claim("amr", amr)
                .build();
        // The encoder replaces algorithm and key id with those of the current signing key.
        JwsHeader header = JwsHeader.with(SignatureAlgorithm.RS256).type(AccessTokenType.TYP).build();
        String value = encoder.encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
        return new Issued(value, properties.accessTokenLifetime().toSeconds());
    }
}
