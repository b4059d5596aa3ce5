package org.roost.authserver;

import org.junit.jupiter.api.Test;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code roost.tokens.signing-algorithm: ES256} every key is P-256, so discovery must name ES256 for ID tokens:
 * a client that believes RS256 would refuse every ID token. The default (RS256) is checked in AuthorizationServerTest.
 */
@SpringBootTest(properties = { "roost.redis.enabled=false", "roost.tokens.signing-algorithm=ES256" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
class DiscoveryWithEs256KeysTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void discoveryNamesTheAlgorithmOfTheKeysInUseNotRs256() {
        // given keys made with ES256 (a fresh database: the first key follows the setting)
        JsonNode key = Json.of(mvc.get().uri("/oauth2/jwks").exchange()).get("keys").get(0);

        // when a client reads both discovery documents
        JsonNode oidc = Json.of(mvc.get().uri("/.well-known/openid-configuration").exchange());
        JsonNode oauth = Json.of(mvc.get().uri("/.well-known/oauth-authorization-server").exchange());

        // then the ID token's algorithms are exactly the keys' algorithm, and neither document says RS256 of Roost's own
        assertThat(key.get("alg").asString()).isEqualTo("ES256");
        assertThat(key.get("kty").asString()).isEqualTo("EC");
        assertThat(oidc.get("id_token_signing_alg_values_supported").toString()).isEqualTo("[\"ES256\"]");
        assertThat(oauth.has("id_token_signing_alg_values_supported")).isFalse();
        for (JsonNode document : new JsonNode[] { oidc, oauth }) {
            document.propertyNames().stream().filter(name -> name.endsWith("_signing_alg_values_supported"))
                    .filter(name -> !CLIENT_SIGNED.contains(name))
                    .forEach(name -> assertThat(document.get(name).toString()).as(name).isEqualTo("[\"ES256\"]"));
        }
    }

    /** Members that name what a client signs (its proofs, its assertions), which the server's keys do not decide. */
    static final java.util.Set<String> CLIENT_SIGNED = java.util.Set.of("dpop_signing_alg_values_supported",
            "token_endpoint_auth_signing_alg_values_supported", "revocation_endpoint_auth_signing_alg_values_supported",
            "introspection_endpoint_auth_signing_alg_values_supported", "request_object_signing_alg_values_supported");
}
