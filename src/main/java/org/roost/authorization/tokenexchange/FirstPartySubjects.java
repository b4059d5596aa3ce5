package org.roost.authorization.tokenexchange;

import java.security.Principal;
import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.token.AccessTokenType;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.jwt.Jwt;
import org.roost.authorization.token.AccessTokenVerifier;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenExchangeAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenExchangeAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;

/**
 * First-party access tokens ({@code /auth/token}) as subject (or actor) tokens. Spring's exchange looks a subject
 * token up in the authorization store, where only the authorization server's own tokens are; a first-party token
 * is not there and was refused with {@code invalid_grant}. This provider runs Spring's exchange unchanged, over a
 * view of the store that also knows a first-party token: one that passes the API's own bearer check (signature,
 * {@code typ}, issuer, audience, expiry, revocation) and names {@value AccessTokenType#FIRST_PARTY_CLIENT} as its
 * client becomes, for this one request, an authorization of its user with its scopes. Nothing is stored for it.
 * An OAuth token missing from the store (its authorization ended) is never taken for one.
 */
final class FirstPartySubjects implements AuthenticationProvider {

    private static final AuthorizationGrantType FIRST_PARTY = new AuthorizationGrantType("roost_first_party");

    private final AuthenticationProvider spring;
    private final OAuth2AuthorizationService authorizations;
    private final AccessTokenVerifier bearerTokens;
    private final Supplier<OAuth2TokenGenerator<?>> generator;

    /** Takes the place of Spring's provider, {@code spring}, which answers every exchange of OAuth tokens alone. */
    FirstPartySubjects(AuthenticationProvider spring, OAuth2AuthorizationService authorizations, AccessTokenVerifier bearerTokens,
            Supplier<OAuth2TokenGenerator<?>> generator) {
        this.spring = spring;
        this.authorizations = authorizations;
        this.bearerTokens = bearerTokens;
        this.generator = generator;
    }

    @Override
    public @Nullable Authentication authenticate(Authentication authentication) {
        var exchange = (OAuth2TokenExchangeAuthenticationToken) authentication;
        if (!(exchange.getPrincipal() instanceof OAuth2ClientAuthenticationToken client) || client.getRegisteredClient() == null
                || (firstParty(exchange.getSubjectToken(), client.getRegisteredClient()) == null
                        && firstParty(exchange.getActorToken(), client.getRegisteredClient()) == null)) {
            return spring.authenticate(authentication);
        }
        RegisteredClient exchanger = client.getRegisteredClient();
        OAuth2AuthorizationService view = new Viewed(authorizations, token -> firstParty(token, exchanger));
        return new OAuth2TokenExchangeAuthenticationProvider(view, generator.get()).authenticate(authentication);
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return OAuth2TokenExchangeAuthenticationToken.class.isAssignableFrom(authentication);
    }

    /** The first-party token as an authorization of its user, or null when it is none (or not valid). */
    private @Nullable OAuth2Authorization firstParty(@Nullable String token, RegisteredClient exchanger) {
        if (token == null || token.isBlank() || authorizations.findByToken(token, OAuth2TokenType.ACCESS_TOKEN) != null) {
            return null;
        }
        Jwt jwt;
        try {
            jwt = bearerTokens.verify(token);
        }
        catch (JwtException invalid) {
            return null;
        }
        if (!AccessTokenType.FIRST_PARTY_CLIENT.equals(jwt.getClaimAsString("client_id")) || jwt.getSubject() == null) {
            return null;
        }
        var scopes = TokenExchangeBounds.scopes(jwt.getClaims().get("scope"));
        User user = new User(jwt.getSubject(), "", List.of(new SimpleGrantedAuthority("ROLE_USER")));
        Authentication person = UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities());
        OAuth2AccessToken access = new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, token, jwt.getIssuedAt(),
                jwt.getExpiresAt(), scopes);
        return OAuth2Authorization.withRegisteredClient(exchanger).principalName(jwt.getSubject())
                .authorizationGrantType(FIRST_PARTY).authorizedScopes(scopes)
                .token(access, metadata -> {
                    metadata.put(OAuth2Authorization.Token.CLAIMS_METADATA_NAME, jwt.getClaims());
                    metadata.put(OAuth2TokenFormat.class.getName(), OAuth2TokenFormat.SELF_CONTAINED.getValue());
                })
                .attribute(Principal.class.getName(), person).build();
    }

    /** The store, plus first-party tokens looked up as access tokens; everything else goes to the store. */
    private record Viewed(OAuth2AuthorizationService store,
            java.util.function.Function<String, @Nullable OAuth2Authorization> firstParty) implements OAuth2AuthorizationService {

        @Override
        public void save(OAuth2Authorization authorization) {
            store.save(authorization);
        }

        @Override
        public void remove(OAuth2Authorization authorization) {
            store.remove(authorization);
        }

        @Override
        public @Nullable OAuth2Authorization findById(String id) {
            return store.findById(id);
        }

        @Override
        public @Nullable OAuth2Authorization findByToken(String token, @Nullable OAuth2TokenType tokenType) {
            OAuth2Authorization stored = store.findByToken(token, tokenType);
            return stored != null || !OAuth2TokenType.ACCESS_TOKEN.equals(tokenType) ? stored : firstParty.apply(token);
        }
    }
}
