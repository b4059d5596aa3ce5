package org.roost.authorization.server;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerProperties;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;

import static org.assertj.core.api.Assertions.assertThat;

/** Clients of Spring Boot's properties keep every setting Boot has, JWT client authentication's too. */
class RegisteredClientsTest {

    private final Map<String, RegisteredClient> saved = new HashMap<>();

    private final RegisteredClientRepository repository = new RegisteredClientRepository() {
        @Override
        public void save(RegisteredClient client) {
            saved.put(client.getId(), client);
        }

        @Override
        public RegisteredClient findById(String id) {
            return saved.get(id);
        }

        @Override
        public RegisteredClient findByClientId(String clientId) {
            return saved.values().stream().filter(c -> c.getClientId().equals(clientId)).findFirst().orElse(null);
        }
    };

    private static OAuth2AuthorizationServerProperties.Client client(String method) {
        OAuth2AuthorizationServerProperties.Client client = new OAuth2AuthorizationServerProperties.Client();
        client.getRegistration().getClientAuthenticationMethods().add(method);
        client.getRegistration().getAuthorizationGrantTypes().add("client_credentials");
        client.getRegistration().getScopes().add("users:read");
        return client;
    }

    @Test
    void keepsTheKeySetAndSigningAlgorithmOfJwtAuthenticatingClients() {
        // given
        OAuth2AuthorizationServerProperties properties = new OAuth2AuthorizationServerProperties();
        OAuth2AuthorizationServerProperties.Client keyed = client("private_key_jwt");
        keyed.setJwkSetUri("https://service.example/jwks");
        keyed.setTokenEndpointAuthenticationSigningAlgorithm("ES256");
        OAuth2AuthorizationServerProperties.Client shared = client("client_secret_jwt");
        shared.getRegistration().setClientSecret("{noop}a-long-shared-secret-for-hmac-signing-0123456789");
        shared.setTokenEndpointAuthenticationSigningAlgorithm("HS256");
        properties.getClient().put("keyed", keyed);
        properties.getClient().put("shared", shared);

        // when
        RegisteredClients.upsert(properties, repository, AuthorizationStores.clientSecrets());

        // then
        assertThat(saved.get("keyed").getClientSettings().getJwkSetUrl()).isEqualTo("https://service.example/jwks");
        assertThat(saved.get("keyed").getClientSettings().getTokenEndpointAuthenticationSigningAlgorithm())
                .isEqualTo(SignatureAlgorithm.ES256);
        assertThat(saved.get("shared").getClientSettings().getTokenEndpointAuthenticationSigningAlgorithm())
                .isEqualTo(MacAlgorithm.HS256);
        assertThat(saved.get("shared").getClientSettings().getJwkSetUrl()).isNull();
    }
}
