package org.roost.gateway.security;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** A bearer token is the whole credential: no CSRF, no cookie, the token decides over a session cookie. */
@IntegrationTest
class BearerRequestsTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void writesWithATokenWithoutCsrfAndSetsNoCookie() {
        // given
        String username = ApiClient.uniqueUsername("bea");
        long id = new ApiClient(mvc).signUp(username);
        String token = token(username);

        // when
        MvcTestResult created = post(id, "Bearer " + token).exchange();

        // then
        assertThat(created).hasStatus(201);
        assertThat(created.getResponse().getHeaders("Set-Cookie")).isEmpty();
        assertThat(created.getResponse().getHeader("RateLimit-Policy")).isNotBlank();
        assertThat(created.getResponse().getHeader("Referrer-Policy")).isEqualTo("no-referrer");
    }

    @Test
    void actsAsTheTokensOwnerWhenASessionCookieComesWithIt() {
        // given Ann's session and Ben's token in one request
        ApiClient client = new ApiClient(mvc);
        ApiClient.Login ann = client.newUser("ann");
        String ben = ApiClient.uniqueUsername("ben");
        long benId = client.signUp(ben);
        String benToken = token(ben);

        // when
        MvcTestResult asBen = ann.cookieOnly(post(benId, "Bearer " + benToken)).exchange();
        MvcTestResult intoAnns = ann.cookieOnly(post(ann.userId(), "Bearer " + benToken)).exchange();

        // then the token decides
        assertThat(asBen).hasStatus(201);
        assertThat(Json.field(asBen, "author_id")).isEqualTo(Long.toString(benId));
        assertThat(intoAnns).hasStatus(403);
    }

    @Test
    void refusesABadTokenEvenWhereNoCredentialIsNeeded() {
        // given a sign-up, open to anyone, sent with a token that does not verify
        String username = ApiClient.uniqueUsername("eve");

        // when
        MvcTestResult result = mvc.post().uri("/api/v1/users").header("Authorization", "Bearer not.a.token")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"Eve\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD))
                .exchange();

        // then nothing is created and the answer names the token
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD))).hasStatus(401);
    }

    @Test
    void keepsTheSessionChainForRequestsWithoutAToken() {
        // given
        ApiClient.Login sam = new ApiClient(mvc).newUser("sam");

        // when a cookie write leaves out the CSRF header
        MvcTestResult withoutCsrf = sam.cookieOnly(post(sam.userId(), null)).exchange();

        // then
        assertThat(withoutCsrf).hasStatus(403);
        assertThat(sam.apply(post(sam.userId(), null))).hasStatus(201);
    }

    private MockMvcTester.MockMvcRequestBuilder post(long author,
            @Nullable String authorization) {
        var request = mvc.post().uri("/api/v1/users/" + author + "/posts").contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"Sent with a token\",\"body\":\"\"}");
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    private String token(String username) {
        return Json.field(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange(),
                "access_token");
    }
}
