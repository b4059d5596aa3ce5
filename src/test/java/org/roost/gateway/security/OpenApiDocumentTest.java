package org.roost.gateway.security;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class OpenApiDocumentTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void declaresEveryCredentialStyleAsASecurityScheme() {
        // when
        MvcTestResult result = mvc.get().uri("/v3/api-docs").exchange();

        // then
        assertThat(result).hasStatus(200);
        var schemes = Json.of(result).at("/components/securitySchemes");
        assertThat(schemes.at("/sessionCookie/in").asString()).isEqualTo("cookie");
        assertThat(schemes.at("/bearerJwt/bearerFormat").asString()).isEqualTo("JWT");
        assertThat(schemes.at("/oauth2/flows/authorizationCode/tokenUrl").asString()).isEqualTo("/oauth2/token");
        assertThat(schemes.at("/oauth2/flows/clientCredentials/scopes").has("posts:read")).isTrue();
        assertThat(schemes.at("/openIdConnect/openIdConnectUrl").asString()).isEqualTo("/.well-known/openid-configuration");
        assertThat(Json.of(result).get("security").size()).isEqualTo(4);
    }
}
