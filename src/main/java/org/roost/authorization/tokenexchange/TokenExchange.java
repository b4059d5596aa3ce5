package org.roost.authorization.tokenexchange;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.authorization.token.TokenProperties;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.roost.authorization.token.AccessTokenVerifier;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenExchangeAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.stereotype.Component;

/**
 * Spring's token exchange grant ({@code urn:ietf:params:oauth:grant-type:token-exchange} at the token endpoint),
 * for clients registered with that grant type (others get {@code unauthorized_client}), with first-party subject
 * tokens ({@link FirstPartySubjects}) and the bounds of {@link TokenExchangeBounds}. Issued tokens are audited with
 * every other ({@code TOKEN_ISSUED}, grant token-exchange) and the token endpoint shares the authorization
 * server's rate limit.
 */
@Component
class TokenExchange implements AuthorizationServerExtension {

    private final OAuth2AuthorizationService authorizations;
    private final AccessTokenVerifier bearerTokens;
    private final RegisteredClientRepository clients;
    private final TokenProperties tokens;

    TokenExchange(OAuth2AuthorizationService authorizations, AccessTokenVerifier bearerTokens, RegisteredClientRepository clients,
            TokenProperties tokens) {
        this.authorizations = authorizations;
        this.bearerTokens = bearerTokens;
        this.clients = clients;
        this.tokens = tokens;
    }

    private @Nullable HttpSecurity http;

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        this.http = http;
    }

    @Override
    public void tokenProviders(List<AuthenticationProvider> providers) {
        HttpSecurity chain = Objects.requireNonNull(http);
        // Spring builds its token generator while the chain is built, after this; it is read at the first exchange
        providers.replaceAll(provider -> provider instanceof OAuth2TokenExchangeAuthenticationProvider
                ? new FirstPartySubjects(provider, authorizations, bearerTokens,
                        () -> (OAuth2TokenGenerator<?>) chain.getSharedObject(OAuth2TokenGenerator.class))
                : provider);
    }

    @Override
    public void customizeAccessToken(JwtEncodingContext context) {
        if (AuthorizationGrantType.TOKEN_EXCHANGE.equals(context.getAuthorizationGrantType())) {
            TokenExchangeBounds.apply(context, audience -> tokens.audience().equals(audience)
                    || clients.findByClientId(audience) != null, this::claimsOf);
        }
    }

    /** A presented token's claims: an OAuth token as stored, a first-party one as the verifier reads it. */
    private Map<String, Object> claimsOf(String token) {
        var stored = authorizations.findByToken(token, OAuth2TokenType.ACCESS_TOKEN);
        var found = stored == null ? null : stored.getToken(token);
        if (found != null && found.getClaims() != null) {
            return found.getClaims();
        }
        try {
            return bearerTokens.verify(token).getClaims();
        }
        catch (JwtException invalid) {
            return Map.of();
        }
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        AuthorizationServerExtension.addTo(metadata, "grant_types_supported", AuthorizationGrantType.TOKEN_EXCHANGE.getValue());
    }
}
