package org.roost.authorization.server;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HtmlForm;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The browser signs in on one instance; the client exchanges the code, and the browser logs out, on the other. */
@ExtendWith(RequiresServices.class)
class SignInSessionsAcrossInstancesTest {

    @Test
    void theCodeExchangedOnAnotherInstanceYieldsAnIdTokenWithSidAndLogoutWorksThere() throws Exception {
        // the run's two shared instances (Instances.pair): this test's users are its own
        ConfigurableApplicationContext first = Instances.pair().get(0);
        ConfigurableApplicationContext second = Instances.pair().get(1);
        // given a user signed in and consenting on the first instance
        HttpSession browserOnA = new HttpSession(Instances.base(first));
        String username = ApiClient.uniqueUsername("sid");
        assertThat(browserOnA.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Sid\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).statusCode()).isEqualTo(201);
        var pkce = OAuthFlow.Pkce.create();
        String authorize = OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT,
                "openid profile", "s1", pkce).replace("http://localhost", "");
        String code = signInAndConsent(browserOnA, authorize, username);

        // when the client exchanges the code on the second instance
        HttpSession clientOnB = new HttpSession(Instances.base(second));
        HttpResponse<String> tokens = clientOnB.postForm("/oauth2/token", List.of(
                Map.entry("grant_type", "authorization_code"), Map.entry("code", code),
                Map.entry("redirect_uri", OAuthFlow.PUBLIC_REDIRECT), Map.entry("client_id", OAuthFlow.PUBLIC_CLIENT),
                Map.entry("code_verifier", pkce.verifier())));

        // then the ID token names the sign-in session
        assertThat(tokens.statusCode()).isEqualTo(200);
        String idToken = Json.of(tokens.body()).get("id_token").asString();
        JsonNode claims = Json.of(new String(Base64.getUrlDecoder().decode(idToken.split("\\.")[1]), StandardCharsets.UTF_8));
        assertThat(claims.path("sid").asString("")).isNotBlank();

        // and when the browser logs out through the second instance
        HttpSession browserOnB = new HttpSession(Instances.base(second));
        browserOnB.cookies().putAll(browserOnA.cookies());
        HttpResponse<String> logout = browserOnB.get("/connect/logout?id_token_hint=" + idToken
                + "&client_id=" + OAuthFlow.PUBLIC_CLIENT + "&post_logout_redirect_uri=http://127.0.0.1:8081/");

        // then it is sent back to the client, and the sign-in session has ended on the first instance too
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(logout.headers().firstValue("Location")).hasValue("http://127.0.0.1:8081/");
        HttpResponse<String> again = browserOnA.get(authorize);
        assertThat(again.statusCode()).isEqualTo(302);
        assertThat(again.headers().firstValue("Location").orElseThrow()).endsWith("/signin");
    }

    private static String signInAndConsent(HttpSession browser, String authorize, String username) {
        HttpResponse<String> toSignIn = browser.get(authorize);
        assertThat(toSignIn.statusCode()).isEqualTo(302);
        HttpResponse<String> signInPage = browser.get(location(toSignIn));
        HtmlForm signIn = HtmlForm.all(signInPage.body()).getFirst().with("username", username)
                .with("password", ApiClient.PASSWORD);
        HttpResponse<String> signedIn = browser.postForm(signIn.action(), signIn.fields());
        assertThat(signedIn.statusCode()).isEqualTo(302);
        HttpResponse<String> toConsent = browser.get(location(signedIn));
        HttpResponse<String> consentPage = browser.get(location(toConsent));
        HtmlForm allow = HtmlForm.all(consentPage.body()).getFirst();
        HttpResponse<String> callback = browser.postForm(allow.action(), allow.fields());
        assertThat(callback.statusCode()).isEqualTo(302);
        return OAuthFlow.query(location(callback)).getFirst("code");
    }

    private static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElseThrow();
    }
}
