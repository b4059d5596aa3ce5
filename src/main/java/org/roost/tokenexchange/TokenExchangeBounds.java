package org.roost.tokenexchange;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenExchangeAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;

/**
 * What an exchanged token may be (RFC 8693), beyond what Spring checks (the client's grant type and registered
 * scopes):
 * <ul>
 * <li>never more scopes than its subject token had ({@code invalid_scope} otherwise);</li>
 * <li>{@code act} names the client that exchanged it ({@code {"sub": client_id}}), nesting the subject token's own
 * {@code act}, so every acting party of the chain stays on record;</li>
 * <li>{@code audience} (or {@code resource}) values become its {@code aud}: this API's audience, or the client id
 * of a registered client (a resource server that introspects); anything else is {@code invalid_target};</li>
 * <li>it never outlives its subject token, so exchanging again and again cannot stretch access;</li>
 * <li>the chain is bounded: every exchanged token says how many exchanges lie behind it ({@value #DEPTH_CLAIM},
 * counting {@code act} nesting too), and a token {@value #MAX_EXCHANGES} exchanges away from a grant a person
 * made cannot be exchanged again.</li>
 * </ul>
 */
final class TokenExchangeBounds {

    static final int MAX_EXCHANGES = 2;
    static final String DEPTH_CLAIM = "exchange_depth";

    private TokenExchangeBounds() {
    }

    /** @param knownAudience whether a requested audience is one a token may be addressed to */
    static void apply(JwtEncodingContext context, Predicate<String> knownAudience) {
        if (!(context.getAuthorizationGrant() instanceof OAuth2TokenExchangeAuthenticationToken grant)
                || context.getAuthorization() == null) {
            return;
        }
        OAuth2Authorization.Token<?> subject = context.getAuthorization().getToken(grant.getSubjectToken());
        if (subject == null) {
            return;
        }
        Map<String, Object> claims = subject.getClaims() == null ? Map.of() : subject.getClaims();
        int depth = depth(claims);
        if (depth >= MAX_EXCHANGES) {
            throw error(OAuth2ErrorCodes.INVALID_GRANT,
                    "The subject token was exchanged " + MAX_EXCHANGES + " times already; it cannot be exchanged again.");
        }
        Set<String> granted = scopes(claims.get("scope"));
        if (!granted.containsAll(context.getAuthorizedScopes())) {
            throw error(OAuth2ErrorCodes.INVALID_SCOPE, "An exchanged token cannot have scopes its subject token lacks.");
        }
        List<String> audiences = new ArrayList<>(grant.getAudiences());
        audiences.addAll(grant.getResources());
        if (!audiences.isEmpty()) {
            if (!audiences.stream().allMatch(knownAudience)) {
                throw error("invalid_target", "An audience is neither this API nor a registered client.");
            }
            context.getClaims().audience(audiences.stream().distinct().toList());
        }
        Map<String, Object> act = new LinkedHashMap<>();
        act.put("sub", context.getRegisteredClient().getClientId());
        if (claims.get("act") instanceof Map<?, ?> earlier) {
            act.put("act", earlier);
        }
        context.getClaims().claim("act", act).claim(DEPTH_CLAIM, depth + 1);
        Instant subjectExpiry = subject.getToken().getExpiresAt();
        Instant expiry = context.getClaims().build().getExpiresAt();
        if (subject.getToken() instanceof OAuth2AccessToken && subjectExpiry != null
                && (expiry == null || expiry.isAfter(subjectExpiry))) {
            context.getClaims().expiresAt(subjectExpiry);
        }
    }

    /** The {@code scope} claim as stored: a collection (OAuth tokens) or a space-separated string (first-party). */
    static Set<String> scopes(@Nullable Object scope) {
        return switch (scope) {
            case Collection<?> many -> many.stream().map(String::valueOf).collect(Collectors.toSet());
            case String text -> Arrays.stream(text.split(" ")).filter(s -> !s.isBlank()).collect(Collectors.toSet());
            case null, default -> Set.of();
        };
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

    private static OAuth2AuthenticationException error(String code, String description) {
        return new OAuth2AuthenticationException(new OAuth2Error(code, description, null));
    }
}
