package org.roost.authorization.token;

import java.time.Duration;
import java.util.Collection;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidationException;

/**
 * Remembers tokens whose signature has been verified, and checks the claims of every use again.
 *
 * <p>Why: parsing a token and verifying its RS256 signature was a fifth of the CPU time of an
 * authenticated read (JFR, {@code NimbusJwtDecoder.decode}), and a client sends the same token on
 * every request until it expires. The key is the token's whole text, so a remembered token is byte
 * for byte the one verified. Expiry, issuer, audience, the denylist and the user's revocations are
 * validated on every request as before; only a signing key deleted by hand is noticed up to
 * {@code lifetime} late for tokens already seen (keys are otherwise deleted only after every token
 * they signed has expired). Tokens that fail verification are not remembered.
 */
final class VerifiedTokens implements JwtDecoder {

    private static final String MESSAGE = "An error occurred while attempting to decode the Jwt: %s";

    private final JwtDecoder verifier;
    private final OAuth2TokenValidator<Jwt> validator;
    private final Cache<String, Jwt> verified;

    VerifiedTokens(JwtDecoder verifier, OAuth2TokenValidator<Jwt> validator, long size, Duration lifetime) {
        this.verifier = verifier;
        this.validator = validator;
        this.verified = Caffeine.newBuilder().maximumSize(size).expireAfterWrite(lifetime).build();
    }

    @Override
    public Jwt decode(String token) {
        Jwt jwt = verified.get(token, verifier::decode);
        OAuth2TokenValidatorResult result = validator.validate(jwt);
        if (result.hasErrors()) {
            throw new JwtValidationException(message(result.getErrors()), result.getErrors());
        }
        return jwt;
    }

    /** The same message {@code NimbusJwtDecoder} gives, which {@code TokenErrors} turns into the client's. */
    private static String message(Collection<OAuth2Error> errors) {
        return errors.stream().map(OAuth2Error::getDescription).filter(d -> d != null && !d.isEmpty()).findFirst()
                .map(description -> MESSAGE.formatted(description)).orElse("Unable to validate Jwt");
    }
}
