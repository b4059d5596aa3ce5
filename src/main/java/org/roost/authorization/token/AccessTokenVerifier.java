package org.roost.authorization.token;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.resource.BearerTokenErrors;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.stereotype.Component;

/**
 * The one verifier of access tokens, for every door. Signature, {@code typ}, issuer, audience, expiry and revocation
 * are checked by the service's {@link JwtDecoder} ({@link TokenVerification}, {@link VerifiedTokens}), which Spring
 * Security's resource server calls on HTTP (REST, event streams, GraphQL over HTTP, userinfo) with the {@code Bearer}
 * scheme and, with a DPoP proof ({@code htm}, {@code htu}, {@code jti}, {@code ath}, the key's thumbprint), with the
 * {@code DPoP} scheme. Doors outside Spring's filters come here: the GraphQL WebSocket's {@code connection_init}, and
 * token exchange's subject and actor tokens. No other class decodes a token ({@code OneVerifierTest}).
 *
 * <p>A sender-constrained token ({@code cnf.jkt}, RFC 9449) presented without a proof is refused as Spring's
 * {@code BearerTokenAuthenticationFilter} refuses it on HTTP: a WebSocket after its handshake carries no proof,
 * so a DPoP-bound token cannot open one (docs/api.md, "GraphQL over WebSocket").
 */
@Component
public class AccessTokenVerifier {

    static final String BOUND_WITHOUT_PROOF = "The token is bound to a key (DPoP): it is accepted only with the DPoP "
            + "scheme and a proof of that key, which this transport cannot carry.";

    private final JwtDecoder decoder;
    private final ObjectProvider<JwtAuthenticationConverter> converter;

    AccessTokenVerifier(JwtDecoder decoder, ObjectProvider<JwtAuthenticationConverter> converter) {
        this.decoder = decoder;
        this.converter = converter;
    }

    /**
     * The token's claims, bound or not, for a caller that checks a binding itself against the proof of its own
     * request (token exchange).
     *
     * @throws JwtException when the token is not a valid access token of this service
     */
    public Jwt verify(String token) {
        return decoder.decode(token);
    }

    /**
     * The authentication of a token presented without a DPoP proof, as the HTTP doors would have it.
     *
     * @throws OAuth2AuthenticationException ({@code invalid_token}) when the token is invalid or sender-constrained
     */
    public Authentication withoutProof(String token) {
        Jwt jwt;
        try {
            jwt = decoder.decode(token);
        }
        catch (JwtException invalid) {
            throw new InvalidBearerTokenException(TokenErrors.GENERIC, invalid);
        }
        if (boundKey(jwt.getClaims()) != null) {
            throw new OAuth2AuthenticationException(BearerTokenErrors.invalidToken(BOUND_WITHOUT_PROOF));
        }
        return converter.getIfAvailable(JwtAuthenticationConverter::new).convert(jwt);
    }

    /** The thumbprint of the key a token is bound to ({@code cnf.jkt}), or null for a bearer token. */
    public static @Nullable String boundKey(@Nullable Map<String, Object> claims) {
        return claims != null && claims.get("cnf") instanceof Map<?, ?> cnf && cnf.get("jkt") instanceof String jkt ? jkt : null;
    }
}
