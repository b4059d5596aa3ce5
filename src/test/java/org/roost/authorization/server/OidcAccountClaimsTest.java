package org.roost.authorization.server;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** What ID tokens say about the account: the address under the {@code email} scope only, and how the user signed in. */
@IntegrationTest
class OidcAccountClaimsTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Test
    void theEmailScopeAddsTheVerifiedAddressAndEveryIdTokenSaysPwd() {
        // given a user with a verified address
        String username = ApiClient.uniqueUsername("oidcmail");
        String email = username + "@example.com";
        assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)).exchange()).hasStatus(201);
        jdbc.sql("UPDATE users SET verified_email = LOWER(email) WHERE username = :u").param("u", username).update();

        // when a client signs them in with and without the email scope
        JsonNode withEmail = idToken(username, "openid email");
        JsonNode without = idToken(username, "openid profile");

        // then
        assertThat(withEmail.path("email").asString()).isEqualTo(email);
        assertThat(withEmail.path("email_verified").asBoolean()).isTrue();
        assertThat(withEmail.path("amr").toString()).isEqualTo("[\"pwd\"]");
        assertThat(without.has("email")).isFalse();
        assertThat(without.path("amr").toString()).isEqualTo("[\"pwd\"]");
    }

    private JsonNode idToken(String username, String scope) {
        OAuthFlow flow = new OAuthFlow(mvc);
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, scope, pkce);
        String idToken = Json.field(flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier()), "id_token");
        return Json.of(new String(Base64.getUrlDecoder().decode(idToken.split("\\.")[1]), StandardCharsets.UTF_8));
    }
}
