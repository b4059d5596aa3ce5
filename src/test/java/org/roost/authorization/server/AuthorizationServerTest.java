package org.roost.authorization.server;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class AuthorizationServerTest {

    private static final String API_SCOPES = "openid profile users:read posts:read posts:write";

    @Autowired
    MockMvcTester mvc;

    OAuthFlow flow;
    String username;
    long userId;

    @BeforeEach
    void setUp() {
        flow = new OAuthFlow(mvc);
        username = ApiClient.uniqueUsername("olga");
        userId = new ApiClient(mvc).signUp(username);
    }

    @Test
    void publishesDiscoveryAtBothWellKnownAddresses() {
        // when
        MvcTestResult oidc = mvc.get().uri("/.well-known/openid-configuration").exchange();
        MvcTestResult oauth = mvc.get().uri("/.well-known/oauth-authorization-server").exchange();

        // then
        assertThat(oidc).hasStatus(200);
        assertThat(oauth).hasStatus(200);
        var metadata = Json.of(oidc);
        assertThat(metadata.get("issuer").asString()).isEqualTo("http://localhost");
        for (String endpoint : new String[] { "authorization_endpoint", "token_endpoint", "jwks_uri",
                "introspection_endpoint", "revocation_endpoint", "userinfo_endpoint", "end_session_endpoint" }) {
            assertThat(metadata.get(endpoint).asString()).as(endpoint).startsWith("http://localhost/");
        }
        assertThat(Json.of(oauth).get("code_challenge_methods_supported").toString()).contains("S256")
                .doesNotContain("plain");
        assertThat(Json.of(mvc.get().uri("/oauth2/jwks").exchange()).get("keys").get(0).get("kid")).isNotNull();
    }

    @Test
    void discoveryNamesRs256ForIdTokensWhenTheKeysAreTheDefaultRs256() {
        // given the default signing algorithm
        var keys = Json.of(mvc.get().uri("/oauth2/jwks").exchange()).get("keys");

        // when
        var metadata = Json.of(mvc.get().uri("/.well-known/openid-configuration").exchange());

        // then what discovery names is what the keys are (DiscoveryWithEs256KeysTest: the other algorithm)
        assertThat(keys.valueStream().map(key -> key.get("alg").asString())).containsOnly("RS256");
        assertThat(metadata.get("id_token_signing_alg_values_supported").toString()).isEqualTo("[\"RS256\"]");
    }

    @Test
    void runsAuthorizationCodeWithPkceForAPublicClientAndTheTokenWorksOnTheApi() {
        // given
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, pkce);

        // when
        MvcTestResult tokens = flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier());

        // then
        String access = OAuthFlow.accessToken(tokens);
        assertThat(Json.of(tokens).get("id_token")).isNotNull();
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access)).hasStatus(200);
        MvcTestResult userinfo = mvc.get().uri("/userinfo").header("Authorization", "Bearer " + access).exchange();
        assertThat(userinfo).hasStatus(200);
        assertThat(Json.field(userinfo, "sub")).isEqualTo(Long.toString(userId));
        assertThat(Json.field(userinfo, "preferred_username")).isEqualTo(username);
    }

    @Test
    void refusesTheSecondUseOfACodeAndRevokesWhatTheFirstUseIssued() {
        // given
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, pkce);
        String access = OAuthFlow.accessToken(flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier()));

        // when
        MvcTestResult second = flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier());

        // then
        assertThat(second).hasStatus(400);
        assertThat(Json.field(second, "error")).isEqualTo("invalid_grant");
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access)).hasStatus(401);
    }

    @Test
    void refusesAPublicClientWithoutPkce() {
        // when the authorization request has no code challenge
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s1", null))).exchange();

        // then
        assertThat(result).hasStatus(302);
        assertThat(result.getResponse().getRedirectedUrl()).startsWith(OAuthFlow.PUBLIC_REDIRECT)
                .contains("error=invalid_request").doesNotContain("code=");
    }

    @Test
    void requiresPkceFromAPublicClientRegisteredWithoutSayingSo() {
        // when a public client configured without require-proof-key asks without a code challenge
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri("test-spa",
                "http://127.0.0.1:9999/callback", "openid users:read", "s2", null))).exchange();

        // then
        assertThat(result).hasStatus(302);
        assertThat(result.getResponse().getRedirectedUrl()).startsWith("http://127.0.0.1:9999/callback")
                .contains("error=invalid_request").doesNotContain("code=");
    }

    @Test
    void refusesAPublicClientExchangingACodeWithoutTheVerifier() {
        // given
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, pkce);

        // when
        MvcTestResult result = flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, null);

        // then the public client fails to authenticate without its proof
        assertThat(result.getResponse().getStatus()).isIn(400, 401);
        assertThat(Json.of(result).has("access_token")).isFalse();
    }

    @Test
    void refusesCodeChallengeMethodPlain() {
        // when
        String uri = OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s2", null)
                + "&code_challenge=plainchallengeplainchallengeplainchallenge1234&code_challenge_method=plain";
        MvcTestResult result = mvc.get().uri(java.net.URI.create(uri)).exchange();

        // then
        assertThat(result).hasStatus(302);
        assertThat(result.getResponse().getRedirectedUrl()).contains("error=invalid_request").doesNotContain("code=");
    }

    @Test
    void refusesTheImplicitResponseTypeToken() throws Exception {
        // when
        String uri = OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s3",
                OAuthFlow.Pkce.create()).replace("response_type=code", "response_type=token");
        MvcTestResult result = mvc.get().uri(java.net.URI.create(uri)).exchange();

        // then no token in any form, only an error
        String location = result.getResponse().getRedirectedUrl();
        assertThat(result.getResponse().getStatus()).isIn(302, 400);
        if (location != null) {
            assertThat(location).contains("error=unsupported_response_type").doesNotContain("access_token");
        }
        assertThat(result.getResponse().getContentAsString()).doesNotContain("access_token");
    }

    @ParameterizedTest
    @ValueSource(strings = { "http://127.0.0.1:8081/callback/", "http://127.0.0.1:8081/Callback",
            "http://127.0.0.1:8081/callbacks", "http://127.0.0.1:8081/callback?x=1", "http://127.0.0.2:8081/callback",
            "http://127.0.0.1:8091/callback", "https://127.0.0.1:8081/callback", "http://127.0.0.1:8081/callbac" })
    void refusesARedirectUriThatDiffersInAnyCharacter(String redirectUri) {
        // when
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                redirectUri, API_SCOPES, "s4", OAuthFlow.Pkce.create()))).exchange();

        // then the server answers itself and never redirects to the unregistered address
        assertThat(result).hasStatus(400);
        assertThat(result.getResponse().getHeader("Location")).isNull();
    }

    static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    @Test
    void aBrowserFollowingALinkWithAnUnregisteredRedirectUriGetsAPageInPlainWordsNotJson() throws Exception {
        // when a person's browser follows an authorization link whose redirect_uri the client never registered
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                "https://evil.example/callback", API_SCOPES, "s5", OAuthFlow.Pkce.create()))).header("Accept", BROWSER_ACCEPT)
                .exchange();

        // then a 400 page in the sign-in pages' look says why, in words, and sends nobody anywhere
        assertThat(result).hasStatus(400);
        assertThat(result.getResponse().getContentType()).startsWith("text/html");
        assertThat(result.getResponse().getHeader("Location")).isNull();
        String page = result.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(page).contains("<link rel=\"stylesheet\" href=\"/app/app.css\">", "<h1>Unrecognised return address</h1>",
                "role=\"alert\"", "has not registered with Roost");
        assertThat(page).doesNotContain("evil.example", "OAuth 2.0 Parameter", "invalid_request", "Exception", "{\"error\":");
        assertThat(result.getResponse().getHeader("Content-Security-Policy")).contains("default-src 'none'");
    }

    @Test
    void aBrowserFollowingALinkForAnUnknownClientGetsAPage() throws Exception {
        // when
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri("no-such-app",
                OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s6", OAuthFlow.Pkce.create()))).header("Accept", BROWSER_ACCEPT)
                .exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(result.getResponse().getContentType()).startsWith("text/html");
        assertThat(result.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("<h1>Unknown application</h1>", "not registered with Roost").doesNotContain("no-such-app");
        assertThat(result.getResponse().getHeader("Location")).isNull();
    }

    @Test
    void aClientAskingForJsonStillGetsTheContractsErrorBodyForAnUnregisteredRedirectUri() {
        // when
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                "https://evil.example/callback", API_SCOPES, "s7", OAuthFlow.Pkce.create())))
                .accept(MediaType.APPLICATION_JSON).exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(result.getResponse().getContentType()).startsWith("application/json");
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(result).bodyJson().extractingPath("$.error.message").asString().contains("redirect_uri");
        assertThat(result.getResponse().getHeader("Location")).isNull();
    }

    @Test
    void anErrorThatMayGoBackToARegisteredRedirectUriStillGoesThereWithItsState() {
        // when a browser follows a link with the registered redirect_uri but no PKCE challenge
        MvcTestResult result = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s 8", null))).header("Accept", BROWSER_ACCEPT).exchange();

        // then the client hears of it at its own address, as RFC 6749 says, not the person
        assertThat(result).hasStatus(302);
        assertThat(result.getResponse().getRedirectedUrl()).startsWith(OAuthFlow.PUBLIC_REDIRECT + "?error=invalid_request")
                .contains("&state=s%208");
    }

    @Test
    void refusesAWrongClientSecretAtTheTokenEndpoint() {
        // when
        MvcTestResult wrong = flow.clientCredentials("not-the-secret", "users:read");

        // then
        assertThat(wrong).hasStatus(401);
        assertThat(Json.field(wrong, "error")).isEqualTo("invalid_client");
        assertThat(flow.clientCredentials(OAuthFlow.CONFIDENTIAL_SECRET, "users:read")).hasStatus(200);
    }

    @Test
    void refusesThePasswordGrant() {
        // when
        MvcTestResult result = flow.confidential("/oauth2/token", "grant_type", "password", "username", username,
                "password", ApiClient.PASSWORD);

        // then
        assertThat(result).hasStatus(400);
        assertThat(Json.field(result, "error")).isEqualTo("unsupported_grant_type");
    }

    @Test
    void clientCredentialsTokenReadsButCannotWriteUserData() {
        // given
        String access = OAuthFlow.accessToken(flow.clientCredentials(OAuthFlow.CONFIDENTIAL_SECRET,
                "users:read posts:read posts:write followers:write"));

        // when
        MvcTestResult read = mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access).exchange();
        MvcTestResult write = mvc.post().uri("/api/v1/users/" + userId + "/posts").header("Authorization", "Bearer " + access)
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"As a client\",\"body\":\"\"}").exchange();

        // then
        assertThat(read).hasStatus(200);
        assertThat(write).hasStatus(403);
        assertThat(Json.of(write).at("/error/code").asString()).isEqualTo("FORBIDDEN");
    }

    @Test
    void answersInsufficientScopeForATokenLackingTheScope() {
        // given a token for users:read only
        String access = OAuthFlow.accessToken(flow.clientCredentials(OAuthFlow.CONFIDENTIAL_SECRET, "users:read"));

        // when
        MvcTestResult result = mvc.get().uri("/api/v1/users/" + userId + "/posts")
                .header("Authorization", "Bearer " + access).exchange();

        // then
        assertThat(result).hasStatus(403);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INSUFFICIENT_SCOPE");
        assertThat(result.getResponse().getHeader("WWW-Authenticate")).contains("insufficient_scope");
    }

    @Test
    void refusesAnIdTokenPresentedAsAnAccessToken() {
        // given
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, pkce);
        MvcTestResult tokens = flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier());
        String idToken = Json.field(tokens, "id_token");

        // when
        MvcTestResult result = mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + idToken).exchange();

        // then
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(mvc.get().uri("/api/v1/users/" + userId)
                .header("Authorization", "Bearer " + OAuthFlow.accessToken(tokens))).hasStatus(200);
    }

    @Test
    void introspectsActiveTokensAndAnswersExactlyInactiveForRevokedOnes() throws Exception {
        // given a confidential client's tokens from the code flow
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT,
                API_SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String access = OAuthFlow.accessToken(tokens);
        MvcTestResult active = flow.confidential("/oauth2/introspect", "token", access);
        assertThat(active).hasStatus(200);
        assertThat(Json.of(active).get("active").asBoolean()).isTrue();
        assertThat(Json.field(active, "sub")).isEqualTo(Long.toString(userId));

        // when
        assertThat(flow.confidential("/oauth2/revoke", "token", access, "token_type_hint", "access_token")).hasStatus(200);

        // then
        MvcTestResult inactive = flow.confidential("/oauth2/introspect", "token", access);
        assertThat(inactive).hasStatus(200);
        assertThat(inactive.getResponse().getContentAsString()).isEqualTo("{\"active\":false}");
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access)).hasStatus(401);
    }

    @Test
    void recordsATokenAClientRevokedInTheAuditLog() {
        // given
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT,
                API_SCOPES, null);
        String access = OAuthFlow.accessToken(flow.exchangeConfidential(code, null));

        try (CapturedLog audit = CapturedLog.of("audit")) {
            // when the client revokes it, and then a token that does not exist
            assertThat(flow.confidential("/oauth2/revoke", "token", access, "token_type_hint", "access_token")).hasStatus(200);
            assertThat(flow.confidential("/oauth2/revoke", "token", "no-such-token")).hasStatus(200);

            // then one revocation is on record, by that client for that user, without the token
            assertThat(audit.where("event", "TOKEN_REVOKED")).singleElement().satisfies(line -> {
                assertThat(line).containsEntry("client", OAuthFlow.CONFIDENTIAL_CLIENT).containsEntry("user", Long.toString(userId))
                        .containsEntry("by", "oauth2_revoke");
                assertThat(line.toString()).doesNotContain(access);
            });
        }
    }

    @Test
    void revokedRefreshTokenCannotBeUsed() {
        // given
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT,
                API_SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String refresh = Json.field(tokens, "refresh_token");
        MvcTestResult refreshed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token", refresh);
        assertThat(refreshed).hasStatus(200);
        String rotated = Json.field(refreshed, "refresh_token");
        assertThat(rotated).isNotEqualTo(refresh);

        // when
        assertThat(flow.confidential("/oauth2/revoke", "token", rotated, "token_type_hint", "refresh_token")).hasStatus(200);

        // then
        MvcTestResult afterRevocation = flow.confidential("/oauth2/token", "grant_type", "refresh_token",
                "refresh_token", rotated);
        assertThat(afterRevocation).hasStatus(400);
        assertThat(Json.field(afterRevocation, "error")).isEqualTo("invalid_grant");
        assertThat(mvc.get().uri("/api/v1/users/" + userId)
                .header("Authorization", "Bearer " + Json.field(refreshed, "access_token"))).hasStatus(401);
    }

    @Test
    void oidcLogoutEndsTheSignInSessionAndReturnsToTheClient() {
        // given a user signed in at the authorization server, holding an ID token
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(username, OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, pkce);
        String idToken = Json.field(flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier()), "id_token");

        // when
        MvcTestResult logout = mvc.get().uri("/connect/logout?id_token_hint={t}&post_logout_redirect_uri={u}&state=bye",
                idToken, "http://127.0.0.1:8081/").cookie(flow.signInCookie()).exchange();

        // then
        assertThat(logout).hasStatus(302);
        assertThat(logout.getResponse().getRedirectedUrl()).isEqualTo("http://127.0.0.1:8081/?state=bye");
        MvcTestResult again = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                OAuthFlow.PUBLIC_REDIRECT, API_SCOPES, "s5", OAuthFlow.Pkce.create()))).cookie(flow.signInCookie()).exchange();
        assertThat(again.getResponse().getRedirectedUrl()).endsWith("/signin");
    }

    @Test
    void deletingTheUserEndsTheirOAuthTokens() {
        // given
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT,
                API_SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String access = OAuthFlow.accessToken(tokens);
        String firstParty = Json.field(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD))
                .exchange(), "access_token");

        // when
        assertThat(mvc.delete().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + firstParty))
                .hasStatus(204);

        // then
        assertThat(mvc.get().uri("/api/v1/users").header("Authorization", "Bearer " + access)).hasStatus(401);
        MvcTestResult refresh = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));
        assertThat(refresh).hasStatus(400);
    }
}
