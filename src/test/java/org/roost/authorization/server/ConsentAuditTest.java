package org.roost.authorization.server;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** The user's answer on the consent page, and the OAuth tokens that follow, are in the audit log. */
@IntegrationTest
class ConsentAuditTest {

    @Autowired
    MockMvcTester mvc;

    CapturedLog audit;

    @BeforeEach
    void capture() {
        audit = CapturedLog.of("audit");
    }

    @AfterEach
    void release() {
        audit.close();
    }

    @Test
    void recordsConsentGrantedAndTheTokenIssuedToTheClient() {
        // given
        String username = ApiClient.uniqueUsername("gina");
        long userId = new ApiClient(mvc).signUp(username);
        OAuthFlow flow = new OAuthFlow(mvc);
        OAuthFlow.Pkce pkce = OAuthFlow.Pkce.create();

        // when
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, "users:read", pkce);
        assertThat(flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier())).hasStatus(200);

        // then
        assertThat(audit.where("event", "CONSENT_GRANTED")).singleElement().satisfies(event -> assertThat(event)
                .containsEntry("client", OAuthFlow.PUBLIC_CLIENT).containsEntry("user", String.valueOf(userId))
                .containsEntry("scopes", "users:read").containsKey("address").containsKey("request_id"));
        assertThat(audit.where("event", "TOKEN_ISSUED")).singleElement().satisfies(event -> assertThat(event)
                .containsEntry("client", OAuthFlow.PUBLIC_CLIENT).containsEntry("grant", "authorization_code"));
    }

    @Test
    void recordsConsentDenied() {
        // given
        String username = ApiClient.uniqueUsername("hal");
        long userId = new ApiClient(mvc).signUp(username);

        // when
        String callback = new OAuthFlow(mvc).deny(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT,
                "users:read", OAuthFlow.Pkce.create());

        // then
        assertThat(callback).contains("error=access_denied");
        assertThat(audit.where("event", "CONSENT_DENIED")).singleElement().satisfies(event -> assertThat(event)
                .containsEntry("client", OAuthFlow.PUBLIC_CLIENT).containsEntry("user", String.valueOf(userId)));
    }
}
