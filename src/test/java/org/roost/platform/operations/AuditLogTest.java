package org.roost.platform.operations;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** Every security event leaves one structured line in the audit log: who, from where, in which request; no secret. */
@IntegrationTest
class AuditLogTest {

    @Autowired
    MockMvcTester mvc;

    CapturedLog audit;
    ApiClient api;

    @BeforeEach
    void capture() {
        audit = CapturedLog.of("audit");
        api = new ApiClient(mvc);
    }

    @AfterEach
    void release() {
        audit.close();
    }

    @Test
    void recordsSignUpAndLoginSuccessWithUserAddressAndRequestId() {
        // when
        String username = ApiClient.uniqueUsername("ava");
        long id = api.signUp(username);
        ApiClient.Login login = api.login(username);

        // then
        Map<String, String> signUp = only("SIGNED_UP", String.valueOf(id));
        assertThat(signUp).containsEntry("address", "127.0.0.1").containsKey("request_id");
        assertThat(only("LOGIN_SUCCEEDED", String.valueOf(login.userId()))).containsEntry("address", "127.0.0.1");
        assertNoSecrets();
    }

    @Test
    void recordsAFailedLoginUnderTheGivenUsernameAndThenThrottling() {
        // given
        String username = ApiClient.uniqueUsername("bo");
        api.signUp(username);

        // when six wrong passwords are tried (an allowance of five, then back-off)
        MvcTestResult last = null;
        for (int i = 0; i < 6; i++) {
            last = loginWith(username, "wrong password " + i);
        }

        // then
        assertThat(last).hasStatus(429);
        assertThat(audit.where("event", "LOGIN_FAILED")).filteredOn(e -> username.equals(e.get("user"))).hasSize(5);
        Map<String, String> throttled = only("LOGIN_THROTTLED", username);
        assertThat(throttled.get("request_id")).isEqualTo(last.getResponse().getHeader("X-Request-Id"));
        assertNoSecrets();
    }

    @Test
    void recordsTokenIssueRefreshReplayAndRevocation() {
        // given
        String username = ApiClient.uniqueUsername("cy");
        long id = api.signUp(username);
        var tokens = Json.of(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content(credentials(username, ApiClient.PASSWORD)).exchange());
        String refresh = tokens.get("refresh_token").asString();

        // when it is refreshed, the new access token logged out, and the old refresh token replayed (a replay
        // ends the family's access tokens, so the logout comes first)
        var rotated = Json.of(refresh(refresh));
        assertThat(mvc.post().uri("/auth/logout")
                .header("Authorization", "Bearer " + rotated.get("access_token").asString())).hasStatus(204);
        assertThat(refresh(refresh)).hasStatus(401);

        // then
        assertThat(only("TOKEN_ISSUED", String.valueOf(id))).containsEntry("grant", "password");
        assertThat(only("TOKEN_REFRESHED", String.valueOf(id))).containsKey("request_id");
        assertThat(only("REFRESH_TOKEN_REPLAYED", String.valueOf(id))).containsEntry("address", "127.0.0.1");
        assertThat(only("TOKEN_REVOKED", String.valueOf(id))).containsEntry("by", "logout");
        assertNoSecrets(refresh, rotated.get("access_token").asString(), rotated.get("refresh_token").asString());
    }

    @Test
    void recordsPasswordChangeAndAccountDeletion() {
        // given
        ApiClient.Login login = api.newUser("di");

        // when
        assertThat(login.apply(mvc.patch().uri("/api/v1/users/" + login.userId()))
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"another long password\",\"current_password\":\"%s\"}"
                        .formatted(ApiClient.PASSWORD))).hasStatus(200);
        String username = login.username();
        var token = Json.of(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content(credentials(username, "another long password")).exchange()).get("access_token").asString();
        assertThat(mvc.delete().uri("/api/v1/users/" + login.userId()).header("Authorization", "Bearer " + token))
                .hasStatus(204);

        // then
        assertThat(only("PASSWORD_CHANGED", String.valueOf(login.userId()))).containsKey("request_id");
        assertThat(only("ACCOUNT_DELETED", String.valueOf(login.userId()))).containsEntry("address", "127.0.0.1");
        assertNoSecrets("another long password", token);
    }

    private Map<String, String> only(String event, String user) {
        List<Map<String, String>> matching = audit.where("event", event).stream()
                .filter(e -> user.equals(e.get("user"))).toList();
        assertThat(matching).as(event + " for " + user).hasSize(1);
        return matching.getFirst();
    }

    private void assertNoSecrets(String... secrets) {
        assertThat(audit.events()).allSatisfy(event -> {
            assertThat(event.getFormattedMessage()).doesNotContain(ApiClient.PASSWORD).doesNotContain("wrong password");
            for (String secret : secrets) {
                assertThat(event.getFormattedMessage()).doesNotContain(secret);
                assertThat(event.getKeyValuePairs().toString()).doesNotContain(secret);
            }
        });
    }

    private MvcTestResult loginWith(String username, String password) {
        return mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content(credentials(username, password)).exchange();
    }

    private MvcTestResult refresh(String token) {
        return mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"" + token + "\"}").exchange();
    }

    private static String credentials(String username, String password) {
        return "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, password);
    }
}
