package org.roost.authorization.tokenexchange;

import java.util.Map;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.authorization.token.TokenProperties;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.stereotype.Component;

/**
 * Spring's token exchange grant ({@code urn:ietf:params:oauth:grant-type:token-exchange} at the token endpoint),
 * for clients registered with that grant type (others get {@code unauthorized_client}), unchanged but for the bounds
 * of {@link TokenExchangeBounds}. Every subject or actor token, first-party ({@code /auth/token}) included, is an
 * authorization in the server's store, where Spring looks it up. Issued tokens are audited with every other
 * ({@code TOKEN_ISSUED}, grant token-exchange) and the token endpoint shares the authorization server's rate limit.
 */
@Component
class TokenExchange implements AuthorizationServerExtension {

    private final OAuth2AuthorizationService authorizations;
    private final RegisteredClientRepository clients;
    private final TokenProperties tokens;

    TokenExchange(OAuth2AuthorizationService authorizations, RegisteredClientRepository clients, TokenProperties tokens) {
        this.authorizations = authorizations;
        this.clients = clients;
        this.tokens = tokens;
    }

    @Override
    public void customizeAccessToken(JwtEncodingContext context) {
        if (AuthorizationGrantType.TOKEN_EXCHANGE.equals(context.getAuthorizationGrantType())) {
            TokenExchangeBounds.apply(context, audience -> tokens.audience().equals(audience)
                    || clients.findByClientId(audience) != null, this::claimsOf);
        }
    }

    /** A presented token's claims, as stored with its authorization; none for a token the store does not know. */
    private Map<String, Object> claimsOf(String token) {
        var stored = authorizations.findByToken(token, OAuth2TokenType.ACCESS_TOKEN);
        var found = stored == null ? null : stored.getToken(token);
        return found != null && found.getClaims() != null ? found.getClaims() : Map.of();
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        AuthorizationServerExtension.addTo(metadata, "grant_types_supported", AuthorizationGrantType.TOKEN_EXCHANGE.getValue());
    }
}
