package org.roost.authorization.server;

import java.util.Locale;
import java.util.Map;

import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerProperties;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * Clients come from Spring Boot's standard {@code spring.security.oauth2.authorizationserver.client.<id>.*}
 * properties and are upserted into the database at start, so every instance (and the JDBC stores'
 * foreign references) sees the same ones. The {@code <id>} is the stored id, stable across restarts.
 * A secret given as {@code {noop}...} is hashed before it is stored. Every client property Boot has is mapped, the
 * JWT client authentication ones ({@code jwk-set-uri}, {@code token-endpoint-authentication-signing-algorithm})
 * included: without them a {@code private_key_jwt} client could not authenticate.
 */
final class RegisteredClients {

    private RegisteredClients() {
    }

    static void upsert(OAuth2AuthorizationServerProperties properties, RegisteredClientRepository repository,
            PasswordEncoder secrets) {
        for (Map.Entry<String, OAuth2AuthorizationServerProperties.Client> entry : properties.getClient().entrySet()) {
            RegisteredClient client = toRegisteredClient(entry.getKey(), entry.getValue(), secrets);
            try {
                repository.save(client);
            }
            catch (DuplicateKeyException | IllegalArgumentException anotherInstanceWasFirst) {
                // Instances starting together: both found no row, the other inserted first. The store says so
                // with the key violation or, checking client ids itself, "duplicate client identifier". Once
                // more, the row is found and updated; a real conflict in the configuration fails again.
                repository.save(client);
            }
        }
    }

    private static RegisteredClient toRegisteredClient(String id, OAuth2AuthorizationServerProperties.Client client,
            PasswordEncoder secrets) {
        OAuth2AuthorizationServerProperties.Registration registration = client.getRegistration();
        String clientId = registration.getClientId() == null ? id : registration.getClientId();
        RegisteredClient.Builder builder = RegisteredClient.withId(id).clientId(clientId)
                .clientName(registration.getClientName() == null ? clientId : registration.getClientName());
        String secret = registration.getClientSecret();
        if (secret != null) {
            builder.clientSecret(secret.startsWith("{noop}") ? secrets.encode(secret.substring("{noop}".length())) : secret);
        }
        registration.getClientAuthenticationMethods()
                .forEach(method -> builder.clientAuthenticationMethod(new ClientAuthenticationMethod(method)));
        registration.getAuthorizationGrantTypes()
                .forEach(grant -> builder.authorizationGrantType(new AuthorizationGrantType(grant)));
        registration.getRedirectUris().forEach(builder::redirectUri);
        registration.getPostLogoutRedirectUris().forEach(builder::postLogoutRedirectUri);
        registration.getScopes().forEach(builder::scope);
        ClientSettings.Builder settings = ClientSettings.builder()
                .requireProofKey(client.isRequireProofKey())
                .requireAuthorizationConsent(client.isRequireAuthorizationConsent());
        // private_key_jwt and client_secret_jwt clients: where their keys are, and which algorithm they sign with
        if (client.getJwkSetUri() != null) {
            settings.jwkSetUrl(client.getJwkSetUri());
        }
        String signing = client.getTokenEndpointAuthenticationSigningAlgorithm();
        if (signing != null) {
            String name = signing.toUpperCase(Locale.ROOT);
            settings.tokenEndpointAuthenticationSigningAlgorithm(
                    name.startsWith("HS") ? MacAlgorithm.from(name) : SignatureAlgorithm.from(name));
        }
        builder.clientSettings(settings.build());
        OAuth2AuthorizationServerProperties.Token token = client.getToken();
        builder.tokenSettings(TokenSettings.builder()
                .authorizationCodeTimeToLive(token.getAuthorizationCodeTimeToLive())
                .accessTokenTimeToLive(token.getAccessTokenTimeToLive())
                .deviceCodeTimeToLive(token.getDeviceCodeTimeToLive())
                .accessTokenFormat(new OAuth2TokenFormat(token.getAccessTokenFormat()))
                .reuseRefreshTokens(token.isReuseRefreshTokens())
                .refreshTokenTimeToLive(token.getRefreshTokenTimeToLive())
                .idTokenSignatureAlgorithm(SignatureAlgorithm.from(token.getIdTokenSignatureAlgorithm().toUpperCase(Locale.ROOT)))
                .build());
        return builder.build();
    }
}
