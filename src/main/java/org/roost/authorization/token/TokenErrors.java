package org.roost.authorization.token;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.jwt.JwtValidationException;

/**
 * What was wrong with a refused bearer token, in words a client can act on. Only our own fixed
 * sentences leave: the decoder's messages (which quote claims and library internals) never do.
 */
public final class TokenErrors {

    static final String EXPIRED = "The token has expired: get a new one (refresh it or log in again).";
    static final String NOT_YET_VALID = "The token is not valid yet: check the client's clock.";
    static final String BAD_SIGNATURE = "The token's signature does not verify with this service's keys "
            + "(tampered with, or signed with an unknown key).";
    static final String MALFORMED = "The token is not a well-formed JWT.";
    static final String GENERIC = "The access token is invalid.";

    private TokenErrors() {
    }

    /** The expected issuer is public (discovery publishes it); naming it explains the localhost/127.0.0.1 surprise. */
    static String wrongIssuer(@Nullable String expected) {
        return "The token was issued by another issuer; this service expects \"" + expected + "\". Tokens are bound "
                + "to the origin they were obtained at (localhost and 127.0.0.1 differ) unless "
                + "spring.security.oauth2.authorizationserver.issuer is set.";
    }

    public static String describe(OAuth2AuthenticationException ex) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (cause instanceof JwtValidationException invalid) {
                return invalid.getErrors().stream().findFirst().map(TokenErrors::ofValidation).orElse(GENERIC);
            }
        }
        String text = String.valueOf(ex.getMessage());
        if (text.contains("signature") || text.contains("matching key") || text.contains("algorithm")) {
            return BAD_SIGNATURE;
        }
        if (text.contains("Malformed") || text.contains("parse") || text.contains("Invalid unsecured/JWS/JWE")
                || text.contains("Unsupported algorithm")) {
            return MALFORMED;
        }
        return GENERIC;
    }

    private static String ofValidation(OAuth2Error error) {
        String description = String.valueOf(error.getDescription());
        if (description.startsWith("Jwt expired")) {
            return EXPIRED;
        }
        if (description.startsWith("Jwt used before")) {
            return NOT_YET_VALID;
        }
        // Our own validators' descriptions (TokenVerification) are written for clients already.
        return description.startsWith("The token") ? description : GENERIC;
    }
}
