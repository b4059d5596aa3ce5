package org.roost.authorization.token;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Bearer tokens, first-party and OAuth alike. The issuer is Spring Boot's
 * {@code spring.security.oauth2.authorizationserver.issuer}, or the origin a request came to.
 *
 * @param audience             the {@code aud} every access token for the API carries, and the only one it accepts
 * @param accessTokenLifetime  how long an access token is valid
 * @param refreshTokenLifetime how long a first-party refresh token is valid (each rotation starts it afresh)
 * @param clockSkew            tolerance on {@code exp} and {@code nbf} for clocks that disagree a little
 * @param signingAlgorithm     RS256 or ES256, for keys generated from now on
 * @param keyRotation          a signing key this old is replaced by a new one
 * @param keyPublication       a new key is published this long before it signs, so every instance knows it first
 * @param syncInterval         how often each instance re-reads revocations it may have missed (Redis down, say)
 * @param verifiedCacheSize     how many tokens with a verified signature each instance remembers (see VerifiedTokens)
 * @param verifiedCacheLifetime how long a verified signature is remembered
 */
@ConfigurationProperties("roost.tokens")
public record TokenProperties(String audience, Duration accessTokenLifetime, Duration refreshTokenLifetime,
        Duration clockSkew, String signingAlgorithm, Duration keyRotation, Duration keyPublication,
        Duration syncInterval, long verifiedCacheSize, Duration verifiedCacheLifetime) {
}
