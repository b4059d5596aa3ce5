package org.roost.authorization.firstparty;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** First-party sign-ins are authorizations of the authorization server: one store, one minting, one revocation. */
@IntegrationTest
class FirstPartyGrantTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    OAuth2AuthorizationService authorizations;

    @Test
    void aSignInIsStoredAsAnAuthorizationOfTheBuiltInClient() {
        // given
        String username = ApiClient.uniqueUsername("store");
        long id = new ApiClient(mvc).signUp(username);

        // when
        MvcTestResult pair = tokenLogin(username);

        // then both tokens are found in the authorization server's store, under the client roost and the user
        OAuth2Authorization byAccess = authorizations.findByToken(Json.field(pair, "access_token"), OAuth2TokenType.ACCESS_TOKEN);
        OAuth2Authorization byRefresh = authorizations.findByToken(Json.field(pair, "refresh_token"), OAuth2TokenType.REFRESH_TOKEN);
        assertThat(byAccess).isNotNull();
        assertThat(byRefresh).isNotNull();
        assertThat(byAccess.getId()).isEqualTo(byRefresh.getId());
        assertThat(byAccess.getRegisteredClientId()).isEqualTo("roost");
        assertThat(byAccess.getPrincipalName()).isEqualTo(Long.toString(id));
        assertThat(byAccess.getAccessToken().isActive()).isTrue();
    }

    @Test
    void aSignInsTokenSaysWhenAndARefreshedOneDoesNotBothNamingTheSignIn() {
        // given
        String username = ApiClient.uniqueUsername("claims");
        long id = new ApiClient(mvc).signUp(username);
        MvcTestResult pair = tokenLogin(username);

        // when
        MvcTestResult refreshed = refresh(Json.field(pair, "refresh_token"));

        // then
        JsonNode signedIn = claims(Json.field(pair, "access_token"));
        JsonNode later = claims(Json.field(refreshed, "access_token"));
        String signIn = signedIn.path("sid").asString();
        assertThat(authorizations.findById(signIn)).isNotNull();
        assertThat(signedIn.path("client_id").asString()).isEqualTo("roost");
        assertThat(signedIn.path("sub").asString()).isEqualTo(Long.toString(id));
        assertThat(signedIn.path("scope").asString()).contains("users:write", "posts:write");
        assertThat(signedIn.path("revoked_with").toString()).contains("family:" + signIn);
        assertThat(signedIn.has("auth_time")).isTrue();
        assertThat(later.path("sid").asString()).isEqualTo(signIn);
        assertThat(later.path("revoked_with").toString()).contains("family:" + signIn);
        assertThat(later.has("auth_time")).isFalse();
        assertThat(later.path("jti").asString()).isNotEqualTo(signedIn.path("jti").asString());
    }

    @Test
    void twoRefreshesWithOneTokenAtOnceGiveOnePairAndEndTheSignIn() throws Exception {
        // given a sign-in
        String username = ApiClient.uniqueUsername("race");
        long id = new ApiClient(mvc).signUp(username);
        String refreshToken = Json.field(tokenLogin(username), "refresh_token");

        // when the refresh token is presented twice at the same time
        var first = java.util.concurrent.CompletableFuture.supplyAsync(() -> refresh(refreshToken));
        var second = java.util.concurrent.CompletableFuture.supplyAsync(() -> refresh(refreshToken));
        java.util.List<MvcTestResult> results = java.util.List.of(first.get(30, java.util.concurrent.TimeUnit.SECONDS),
                second.get(30, java.util.concurrent.TimeUnit.SECONDS));

        // then one of them got a pair, the other 401, and the pair no longer works either: the sign-in is over
        assertThat(results).extracting(r -> r.getResponse().getStatus()).containsExactlyInAnyOrder(200, 401);
        MvcTestResult winner = results.stream().filter(r -> r.getResponse().getStatus() == 200).findFirst().orElseThrow();
        assertThat(refresh(Json.field(winner, "refresh_token"))).hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + Json.field(winner, "access_token")))
                .hasStatus(401);
    }

    @Test
    void nobodyObtainsTheBuiltInClientsTokensAtTheTokenEndpoint() throws Exception {
        // given a first-party refresh token
        String username = ApiClient.uniqueUsername("endpoint");
        new ApiClient(mvc).signUp(username);
        String refreshToken = Json.field(tokenLogin(username), "refresh_token");

        // when it is presented at the OAuth token endpoint as the client roost (which has no secret)
        MvcTestResult asRoost = mvc.post().uri("/oauth2/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("grant_type", "refresh_token").param("refresh_token", refreshToken).param("client_id", "roost")
                .exchange();
        MvcTestResult password = mvc.post().uri("/oauth2/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("grant_type", "password").param("username", username).param("password", ApiClient.PASSWORD)
                .param("client_id", "roost").exchange();

        // then no client is authenticated, and the refresh token still works where it belongs
        assertThat(asRoost).hasStatus(401);
        assertThat(asRoost.getResponse().getContentAsString()).doesNotContain("access_token");
        assertThat(password).hasStatus(401);
        assertThat(password.getResponse().getContentAsString()).doesNotContain("access_token");
        assertThat(refresh(refreshToken)).hasStatus(200);
    }

    @Test
    void signingOutTheDeviceRemovesTheAuthorization() {
        // given two sign-ins of one user: the phone signs the script out
        String username = ApiClient.uniqueUsername("remove");
        long id = new ApiClient(mvc).signUp(username);
        String phone = Json.field(tokenLogin(username), "access_token");
        MvcTestResult script = tokenLogin(username);
        String device = claims(Json.field(script, "access_token")).path("sid").asString();
        assertThat(authorizations.findById(device)).isNotNull();

        // when
        MvcTestResult out = mvc.delete().uri("/api/v1/users/" + id + "/devices/" + device)
                .header("Authorization", "Bearer " + phone).exchange();

        // then the sign-in is gone from the store, and its tokens with it
        assertThat(out).hasStatus(204);
        assertThat(authorizations.findById(device)).isNull();
        assertThat(refresh(Json.field(script, "refresh_token"))).hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + Json.field(script, "access_token")))
                .hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + phone)).hasStatus(200);
    }

    private MvcTestResult tokenLogin(String username) {
        MvcTestResult result = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
        assertThat(result).hasStatus(200);
        return result;
    }

    private MvcTestResult refresh(String token) {
        return mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(token)).exchange();
    }

    private static JsonNode claims(String jwt) {
        return Json.of(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8));
    }
}
