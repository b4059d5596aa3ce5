package org.roost.authorization.server;

import java.time.Duration;
import java.time.Instant;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.Timestamps;
import org.roost.authorization.signingkeys.SigningKeys;
import org.roost.support.ServerOnPostgresVariant;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code roost.tokens.signing-algorithm: ES256} every key is P-256, so discovery must name ES256 for ID tokens:
 * a client that believes RS256 would refuse every ID token. The default (RS256) is checked in AuthorizationServerTest.
 */
@ServerOnPostgresVariant // ES256 keys
class DiscoveryWithEs256KeysTest {

    @Autowired
    MockMvcTester mvc;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    SigningKeys keys;

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

    @Test
    void afterASwitchFromRs256DiscoveryNamesBothAlgorithmsWhileTheOldKeyStillVerifies() throws Exception {
        // given an RS256 key from before the switch, retired just now: it still verifies the tokens it signed
        JWK old = new RSAKeyGenerator(2048).keyID("before-the-switch").keyUse(KeyUse.SIGNATURE)
                .algorithm(JWSAlgorithm.RS256).generate();
        jdbc.sql("INSERT INTO signing_keys (kid, algorithm, jwk, created_at, retired_at) "
                        + "VALUES (:kid, 'RS256', :jwk, :created, :retired)")
                .param("kid", old.getKeyID()).param("jwk", old.toJSONString())
                .param("created", Timestamps.utc(Instant.now().minus(Duration.ofDays(40))))
                .param("retired", Timestamps.utc(Instant.now())).update();
        keys.maintain();
        try {
            // when
            JsonNode oidc = Json.of(mvc.get().uri("/.well-known/openid-configuration").exchange());

            // then both, the signing key's first
            assertThat(oidc.get("id_token_signing_alg_values_supported").toString()).isEqualTo("[\"ES256\",\"RS256\"]");
        }
        finally {
            jdbc.sql("DELETE FROM signing_keys WHERE kid = :kid").param("kid", old.getKeyID()).update();
            keys.maintain();
        }
    }

    /** Members that name what a client signs (its proofs, its assertions), which the server's keys do not decide. */
    static final java.util.Set<String> CLIENT_SIGNED = java.util.Set.of("dpop_signing_alg_values_supported",
            "token_endpoint_auth_signing_alg_values_supported", "revocation_endpoint_auth_signing_alg_values_supported",
            "introspection_endpoint_auth_signing_alg_values_supported", "request_object_signing_alg_values_supported");
}
