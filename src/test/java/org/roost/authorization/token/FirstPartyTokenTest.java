package org.roost.authorization.token;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class FirstPartyTokenTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void issuesATokenPairThatReadsAndWritesTheApiWithoutCookiesOrCsrf() {
        // given
        String username = ApiClient.uniqueUsername("tina");
        long id = new ApiClient(mvc).signUp(username);

        // when
        MvcTestResult login = tokenLogin(username, ApiClient.PASSWORD);

        // then
        assertThat(login).hasStatus(200);
        assertThat(login.getResponse().getCookies()).isEmpty();
        assertThat(login.getResponse().getHeader("Cache-Control")).contains("no-store");
        assertThat(Json.field(login, "token_type")).isEqualTo("Bearer");
        assertThat(Json.of(login).get("expires_in").asLong()).isEqualTo(900);
        assertThat(Json.field(login, "refresh_token")).isNotBlank();
        String access = Json.field(login, "access_token");
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + access)).hasStatus(200);
        assertThat(mvc.post().uri("/api/v1/users/" + id + "/posts").header("Authorization", "Bearer " + access)
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"By token\",\"body\":\"\"}")).hasStatus(201);
    }

    @Test
    void refusesAWrongPasswordLikeTheSessionLogin() {
        // given
        String username = ApiClient.uniqueUsername("tim");
        new ApiClient(mvc).signUp(username);

        // when
        MvcTestResult result = tokenLogin(username, "not the password at all");

        // then
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INVALID_CREDENTIALS");
    }

    @Test
    void rotatesTheRefreshTokenAndRevokesTheFamilyOnReplay() {
        // given
        String username = ApiClient.uniqueUsername("rita");
        new ApiClient(mvc).signUp(username);
        String first = Json.field(tokenLogin(username, ApiClient.PASSWORD), "refresh_token");
        MvcTestResult rotated = refresh(first);
        assertThat(rotated).hasStatus(200);
        String second = Json.field(rotated, "refresh_token");
        assertThat(second).isNotEqualTo(first);

        // when the used token is replayed
        MvcTestResult replay = refresh(first);

        // then the replay fails and so does the legitimate newer token of the same family
        assertThat(replay).hasStatus(401);
        assertThat(Json.of(replay).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(refresh(second)).hasStatus(401);
    }

    @Test
    void logoutDenylistsTheAccessTokenAtOnce() {
        // given
        String username = ApiClient.uniqueUsername("lou");
        long id = new ApiClient(mvc).signUp(username);
        String access = Json.field(tokenLogin(username, ApiClient.PASSWORD), "access_token");
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + access)).hasStatus(200);

        // when
        assertThat(mvc.post().uri("/auth/logout").header("Authorization", "Bearer " + access)).hasStatus(204);

        // then
        MvcTestResult after = mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + access).exchange();
        assertThat(after).hasStatus(401);
        assertThat(Json.of(after).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(after.getResponse().getHeader("WWW-Authenticate")).contains("error=\"invalid_token\"");
    }

    @Test
    void passwordChangeEndsEarlierTokensButNotOnesIssuedJustAfter() {
        // given
        String username = ApiClient.uniqueUsername("pat");
        long id = new ApiClient(mvc).signUp(username);
        MvcTestResult before = tokenLogin(username, ApiClient.PASSWORD);
        String oldAccess = Json.field(before, "access_token");

        // when
        assertThat(mvc.patch().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + oldAccess)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"a brand new password\",\"current_password\":\"" + ApiClient.PASSWORD + "\"}"))
                .hasStatus(200);
        String newAccess = Json.field(tokenLogin(username, "a brand new password"), "access_token");

        // then
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + oldAccess)).hasStatus(401);
        assertThat(refresh(Json.field(before, "refresh_token"))).hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + newAccess)).hasStatus(200);
    }

    @Test
    void ignoresATokenInTheQueryString() {
        // given
        String username = ApiClient.uniqueUsername("quinn");
        new ApiClient(mvc).signUp(username);
        String access = Json.field(tokenLogin(username, ApiClient.PASSWORD), "access_token");

        // when
        // the feed: users and posts a request without a credential may read as a visitor (roost.public-reading)
        MvcTestResult result = mvc.get().uri("/api/v1/feed?access_token=" + access).exchange();

        // then
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("UNAUTHENTICATED");
    }

    private MvcTestResult tokenLogin(String username, String password) {
        return mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, password)).exchange();
    }

    private MvcTestResult refresh(String token) {
        return mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(token)).exchange();
    }
}
