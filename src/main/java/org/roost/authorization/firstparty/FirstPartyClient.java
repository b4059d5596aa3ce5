package org.roost.authorization.firstparty;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Scopes;
import org.roost.authorization.token.AccessTokenType;
import org.roost.authorization.token.TokenProperties;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;
import org.springframework.stereotype.Component;

/**
 * The built-in client {@value AccessTokenType#FIRST_PARTY_CLIENT} that first-party sign-ins are authorizations of,
 * upserted on first use (the store's authorizations name their client by its row). It has no secret and only the
 * {@code password} grant, which no endpoint of the authorization server offers: nothing can authenticate as it at
 * {@code /oauth2/token} (a client without a secret authenticates there only with a PKCE code, which needs the
 * authorization-code grant), so only this package mints its tokens. Lifetimes are {@code roost.tokens.*}; refresh
 * tokens rotate on every use.
 */
@Component
class FirstPartyClient {

    private final RegisteredClientRepository clients;
    private final TokenProperties tokens;
    private volatile @Nullable RegisteredClient registered;

    FirstPartyClient(RegisteredClientRepository clients, TokenProperties tokens) {
        this.clients = clients;
        this.tokens = tokens;
    }

    RegisteredClient get() {
        RegisteredClient current = registered;
        if (current == null) {
            current = desired();
            try {
                clients.save(current);
            }
            catch (DuplicateKeyException | IllegalArgumentException anotherInstanceWasFirst) {
                // as RegisteredClients: another instance inserted it first; once more, the row is found and updated
                clients.save(current);
            }
            registered = current;
        }
        return current;
    }

    private RegisteredClient desired() {
        return RegisteredClient.withId(AccessTokenType.FIRST_PARTY_CLIENT).clientId(AccessTokenType.FIRST_PARTY_CLIENT)
                .clientName("Roost")
                .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
                .authorizationGrantType(FirstPartyGrant.PASSWORD)
                .authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
                .scopes(scopes -> scopes.addAll(Scopes.FIRST_PARTY))
                .clientSettings(ClientSettings.builder().requireProofKey(true).requireAuthorizationConsent(false).build())
                .tokenSettings(TokenSettings.builder()
                        .accessTokenFormat(OAuth2TokenFormat.SELF_CONTAINED)
                        .accessTokenTimeToLive(tokens.accessTokenLifetime())
                        .refreshTokenTimeToLive(tokens.refreshTokenLifetime())
                        .reuseRefreshTokens(false)
                        .build())
                .build();
    }
}
