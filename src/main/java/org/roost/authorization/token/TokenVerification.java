package org.roost.authorization.token;

import java.util.List;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.RevokedTokens;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * How a bearer token is checked, locally and without a database read: the signature against our
 * own key set only (the {@code kid} selects among our keys; {@code jku}, {@code x5u} and {@code jwk}
 * headers are never followed), RS256 or ES256 only and only with a key of that type, then the header's
 * {@code typ} (RFC 9068's {@code at+jwt}: an ID token, or any other JWT we signed, is no access token), then the claims.
 */
@Configuration(proxyBeanMethods = false)
class TokenVerification {

    @Bean
    JwtDecoder jwtDecoder(JWKSource<SecurityContext> keys, TokenProperties properties, Issuers issuers,
            RevokedTokens revoked) {
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSource(keys)
                .jwsAlgorithms(algorithms -> {
                    algorithms.add(SignatureAlgorithm.RS256);
                    algorithms.add(SignatureAlgorithm.ES256);
                })
                .build();
        // Verification only; the claims are validated on every use by VerifiedTokens.
        decoder.setJwtValidator(jwt -> OAuth2TokenValidatorResult.success());
        OAuth2TokenValidator<Jwt> claims = new DelegatingOAuth2TokenValidator<>(List.of(
                new JwtTimestampValidator(properties.clockSkew()),
                check(AccessTokenType::isAccessToken, AccessTokenType.NOT_AN_ACCESS_TOKEN),
                check(jwt -> jwt.getExpiresAt() != null, "The token has no expiry."),
                jwt -> {
                    String expected = issuers.current();
                    return expected != null && expected.equals(jwt.getClaimAsString(JwtClaimNames.ISS))
                            ? OAuth2TokenValidatorResult.success()
                            : OAuth2TokenValidatorResult.failure(new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN,
                                    TokenErrors.wrongIssuer(expected), null));
                },
                check(jwt -> names(jwt.getClaims().get(JwtClaimNames.AUD), properties.audience()),
                        "The token is not meant for this API."),
                check(jwt -> !revoked.isRevoked(jwt), "The token has been revoked.")));
        return new VerifiedTokens(decoder, claims, properties.verifiedCacheSize(), properties.verifiedCacheLifetime());
    }

    /**
     * Whether the {@code aud} claim (a string or a list of strings, as JSON gives them) names {@code audience}: read as
     * it is rather than through {@code Jwt.getAudience()}, which converts the claim to a new list on every request
     * (1.4 % of an authenticated read's CPU, JFR).
     */
    static boolean names(@Nullable Object aud, String audience) {
        return aud instanceof String single ? single.equals(audience)
                : aud instanceof java.util.Collection<?> several && several.contains(audience);
    }

    private static OAuth2TokenValidator<Jwt> check(java.util.function.Predicate<Jwt> test, String description) {
        OAuth2Error error = new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, description, null);
        return jwt -> test.test(jwt) ? OAuth2TokenValidatorResult.success() : OAuth2TokenValidatorResult.failure(error);
    }
}
