package org.roost.authserver;

import java.time.Instant;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenExchangeAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;

/**
 * What an exchanged token may be (RFC 8693): it never outlives its subject token, so trading a token for a new one
 * again and again cannot stretch access past the original's expiry; and the chain is bounded: every exchanged token
 * says how many exchanges lie behind it ({@value #DEPTH_CLAIM}, counting {@code act} nesting too), and a token
 * {@value #MAX_EXCHANGES} exchanges away from a grant a person made cannot be exchanged again.
 */
final class TokenExchangeBounds {

    static final int MAX_EXCHANGES = 2;
    static final String DEPTH_CLAIM = "exchange_depth";

    private TokenExchangeBounds() {
    }

    static void apply(JwtEncodingContext context) {
        if (!(context.getAuthorizationGrant() instanceof OAuth2TokenExchangeAuthenticationToken grant)
                || context.getAuthorization() == null) {
            return;
        }
        OAuth2Authorization.Token<?> subject = context.getAuthorization().getToken(grant.getSubjectToken());
        if (subject == null) {
            return;
        }
        int depth = depth(subject.getClaims());
        if (depth >= MAX_EXCHANGES) {
            throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT,
                    "The subject token was exchanged " + MAX_EXCHANGES + " times already; it cannot be exchanged again.",
                    null));
        }
        context.getClaims().claim(DEPTH_CLAIM, depth + 1);
        Instant subjectExpiry = subject.getToken().getExpiresAt();
        Instant expiry = context.getClaims().build().getExpiresAt();
        if (subject.getToken() instanceof OAuth2AccessToken && subjectExpiry != null
                && (expiry == null || expiry.isAfter(subjectExpiry))) {
            context.getClaims().expiresAt(subjectExpiry);
        }
    }

    /** How many exchanges lie behind a token with these claims: its own count, or its nested {@code act} claims. */
    static int depth(@Nullable Map<String, Object> claims) {
        int count = 0;
        Object act = claims == null ? null : claims.get("act");
        while (act instanceof Map<?, ?> actor && count < 100) {
            count++;
            act = actor.get("act");
        }
        return claims != null && claims.get(DEPTH_CLAIM) instanceof Number recorded ? Math.max(count, recorded.intValue()) : count;
    }
}
