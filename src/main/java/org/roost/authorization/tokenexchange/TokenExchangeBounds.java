package org.roost.authorization.tokenexchange;

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

import com.nimbusds.jose.jwk.JWK;
import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.RevokedTokens;
import org.roost.authorization.token.AccessTokenVerifier;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenContext;
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
 * <li>{@code act} names who acts (RFC 8693, 4.1): the subject of the {@code actor_token} when one is given (it must
 * be valid and must not name the subject itself), else the client that exchanged it ({@code {"sub": client_id}}),
 * nesting the subject token's own {@code act}, so every acting party of the chain stays on record;</li>
 * <li>a sender-constrained subject or actor token ({@code cnf.jkt}, RFC 9449) is exchanged only with a DPoP proof of
 * the same key, and the result is bound to it too ({@code invalid_grant} without a proof,
 * {@code invalid_dpop_proof} with one of another key): exchanging must not strip the constraint;</li>
 * <li>it ends with its subject and actor tokens: it names them in {@code revoked_with} (their {@code jti}, family
 * and authorization), so revoking a subject token, its refresh token or its consent ends what was exchanged
 * from it;</li>
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

    /**
     * @param knownAudience whether a requested audience is one a token may be addressed to
     * @param claimsOf      the claims of a presented token (the actor token), empty when it is none of ours
     */
    static void apply(JwtEncodingContext context, Predicate<String> knownAudience,
            java.util.function.Function<String, Map<String, Object>> claimsOf) {
        if (!(context.getAuthorizationGrant() instanceof OAuth2TokenExchangeAuthenticationToken grant)
                || context.getAuthorization() == null) {
            return;
        }
        OAuth2Authorization.Token<?> subject = context.getAuthorization().getToken(grant.getSubjectToken());
        if (subject == null) {
            // Fail closed: without the subject's claims neither its binding nor its revocation could be carried over
            throw error(OAuth2ErrorCodes.INVALID_GRANT, "The subject token is unknown.");
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
        String actorToken = grant.getActorToken();
        Map<String, Object> actor = actorToken == null || actorToken.isBlank() ? null : claimsOf.apply(actorToken);
        keepConstraint(context, claims, actor);
        Map<String, Object> act = new LinkedHashMap<>();
        if (actor != null) {
            act.put("sub", actor(grant, claims, actor));
            act.put("client_id", context.getRegisteredClient().getClientId());
        }
        else {
            act.put("sub", context.getRegisteredClient().getClientId());
        }
        if (claims.get("act") instanceof Map<?, ?> earlier) {
            act.put("act", earlier);
        }
        List<String> endedBy = new ArrayList<>(endedBy(claims, context.getAuthorization().getId()));
        if (actor != null) {
            endedBy.addAll(endedBy(actor, null));
        }
        context.getClaims().claim("act", act).claim(DEPTH_CLAIM, depth + 1)
                .claim(RevokedTokens.REVOKED_WITH_CLAIM, new ArrayList<>(endedBy.stream().distinct().toList()));
        Instant subjectExpiry = subject.getToken().getExpiresAt();
        Instant expiry = context.getClaims().build().getExpiresAt();
        if (subject.getToken() instanceof OAuth2AccessToken && subjectExpiry != null
                && (expiry == null || expiry.isAfter(subjectExpiry))) {
            context.getClaims().expiresAt(subjectExpiry);
        }
    }

    /**
     * The actor's subject, for {@code act}. Spring has found the actor token active in the store (first-party ones
     * included: they are authorizations of the client {@code roost}); a token naming the subject itself acts for no one.
     */
    private static String actor(OAuth2TokenExchangeAuthenticationToken grant, Map<String, Object> subject,
            Map<String, Object> actor) {
        Object sub = actor.get("sub");
        if (sub == null || grant.getActorToken().equals(grant.getSubjectToken())) {
            throw error(OAuth2ErrorCodes.INVALID_GRANT, "The actor token must be another valid access token than the subject token.");
        }
        if (!Boolean.TRUE.equals(actor.get(RevokedTokens.CLIENT_ONLY_CLAIM)) && sub.equals(subject.get("sub"))) {
            throw error(OAuth2ErrorCodes.INVALID_GRANT, "The actor token names the subject itself: nobody would act for them.");
        }
        return sub.toString();
    }

    /** RFC 9449: a bound subject or actor token needs a proof of its key, and then the result is bound to it too. */
    private static void keepConstraint(JwtEncodingContext context, Map<String, Object> subject,
            @Nullable Map<String, Object> actor) {
        String proofKey = context.get(OAuth2TokenContext.DPOP_PROOF_KEY) instanceof Jwt proof ? thumbprint(proof) : null;
        for (Map<String, Object> presented : actor == null ? List.of(subject) : List.of(subject, actor)) {
            String bound = AccessTokenVerifier.boundKey(presented);
            if (bound != null && proofKey == null) {
                throw error(OAuth2ErrorCodes.INVALID_GRANT, "A token bound to a key (DPoP) is exchanged only with a DPoP "
                        + "proof of that key.");
            }
            if (bound != null && !bound.equals(proofKey)) {
                throw error("invalid_dpop_proof", "The DPoP proof is not made with the key the token is bound to.");
            }
        }
    }

    private static @Nullable String thumbprint(Jwt proof) {
        try {
            return proof.getHeaders().get("jwk") instanceof Map<?, ?> jwk
                    ? JWK.parse(mapOf(jwk)).computeThumbprint().toString() : null;
        }
        catch (java.text.ParseException | com.nimbusds.jose.JOSEException malformed) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapOf(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    /** What ends a token with these claims: its id, its authorization, and what ends it in turn. */
    private static List<String> endedBy(Map<String, Object> claims, @Nullable String authorizationId) {
        List<String> keys = new ArrayList<>();
        if (claims.get("jti") != null) {
            keys.add(claims.get("jti").toString());
        }
        if (authorizationId != null) {
            keys.add(RevokedTokens.familyKey(authorizationId));
        }
        keys.addAll(RevokedTokens.revokedWith(claims));
        return keys;
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
