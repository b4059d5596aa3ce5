package org.roost.authorization.server;

import org.roost.support.ServerOnPostgres;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HtmlForm;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The authorization-code flow with PKCE over real HTTP, as a browser and a client application
 * would run it: discovery, the HTML sign-in and consent forms as served, the code at the redirect
 * URI, the token exchange, then the API with the token.
 */
@ServerOnPostgres
class AuthorizationCodeEndToEndTest {

    @LocalServerPort
    int port;

    @Test
    void signsInConsentsAndUsesTheTokenAgainstTheApi() {
        // given a user, and a browser that knows nothing yet
        String base = "http://localhost:" + port;
        HttpSession browser = new HttpSession(base);
        String username = ApiClient.uniqueUsername("erin");
        HttpResponse<String> signUp = browser.postJson("/api/v1/users",
                "{\"username\":\"%s\",\"name\":\"Erin\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(signUp.statusCode()).isEqualTo(201);
        String userId = Json.of(signUp.body()).get("id").asString();
        JsonNode discovery = Json.of(browser.get("/.well-known/openid-configuration").body());
        assertThat(discovery.get("issuer").asString()).isEqualTo(base);
        var pkce = OAuthFlow.Pkce.create();

        // when the client sends the browser to the authorization endpoint
        String authorize = OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT,
                "openid profile users:read posts:read", "state-42", pkce)
                .replace("http://localhost/oauth2/authorize", discovery.get("authorization_endpoint").asString());
        HttpResponse<String> toSignIn = browser.get(authorize);
        assertThat(toSignIn.statusCode()).isEqualTo(302);

        // and the user fills in the sign-in form as served
        HttpResponse<String> signInPage = browser.get(location(toSignIn));
        assertThat(signInPage.statusCode()).isEqualTo(200);
        assertThat(signInPage.body()).contains("<html lang=\"en\">", "<label for=\"username\">", "<label for=\"password\">")
                // styled by the web app's own sheet, its one script (the passkey button) from this origin, nothing from elsewhere
                .doesNotContain("href=\"http", "src=\"http", "<script>");
        HtmlForm signIn = HtmlForm.all(signInPage.body()).getFirst().with("username", username)
                .with("password", ApiClient.PASSWORD);
        assertThat(signIn.fields()).anyMatch(field -> field.getKey().equals("_csrf"));
        HttpResponse<String> signedIn = browser.postForm(signIn.action(), signIn.fields());
        assertThat(signedIn.statusCode()).isEqualTo(302);

        // and approves what the consent page asks
        HttpResponse<String> toConsent = browser.get(location(signedIn));
        assertThat(toConsent.statusCode()).isEqualTo(302);
        HttpResponse<String> consentPage = browser.get(location(toConsent));
        assertThat(consentPage.statusCode()).isEqualTo(200);
        assertThat(consentPage.body()).contains("Roost demo app", "posts:read");
        HtmlForm allow = HtmlForm.all(consentPage.body()).getFirst();
        HttpResponse<String> callback = browser.postForm(allow.action(), allow.fields());

        // then the code arrives at the registered redirect URI with the state unchanged
        assertThat(callback.statusCode()).isEqualTo(302);
        String redirect = location(callback);
        assertThat(redirect).startsWith(OAuthFlow.PUBLIC_REDIRECT + "?");
        var answer = OAuthFlow.query(redirect);
        assertThat(answer.getFirst("state")).isEqualTo("state-42");

        // and the client exchanges it for tokens that the API accepts
        HttpSession clientApp = new HttpSession(base);
        HttpResponse<String> tokens = clientApp.postForm(discovery.get("token_endpoint").asString(), List.of(
                Map.entry("grant_type", "authorization_code"), Map.entry("code", answer.getFirst("code")),
                Map.entry("redirect_uri", OAuthFlow.PUBLIC_REDIRECT), Map.entry("client_id", OAuthFlow.PUBLIC_CLIENT),
                Map.entry("code_verifier", pkce.verifier())));
        assertThat(tokens.statusCode()).isEqualTo(200);
        String access = Json.of(tokens.body()).get("access_token").asString();
        HttpResponse<String> me = clientApp.get("/api/v1/users/" + userId, "Authorization", "Bearer " + access);
        assertThat(me.statusCode()).isEqualTo(200);
        assertThat(Json.of(me.body()).get("username").asString()).isEqualTo(username);
        HttpResponse<String> posts = clientApp.get("/api/v1/users/" + userId + "/posts", "Authorization", "Bearer " + access);
        assertThat(posts.statusCode()).isEqualTo(200);
        HttpResponse<String> write = clientApp.postJson("/api/v1/users/" + userId + "/posts",
                "{\"title\":\"Not granted\",\"body\":\"\"}", "Authorization", "Bearer " + access);
        assertThat(write.statusCode()).isEqualTo(403);
        assertThat(Json.of(write.body()).at("/error/code").asString()).isEqualTo("INSUFFICIENT_SCOPE");
    }

    private static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElseThrow();
    }
}
