package org.roost.identity.session;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class SessionLoginTest {

    @org.springframework.beans.factory.annotation.Value("${roost.redis.namespace}")
    String namespace;

    @Autowired
    MockMvcTester mvc;

    @Autowired
    StringRedisTemplate redis;

    @Autowired
    org.springframework.session.SessionRepository<?> sessions;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    MvcTestResult login(String username, String password, String extra) {
        return mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"" + username + "\",\"password\":\"" + password + "\"" + extra + "}").exchange();
    }

    static String sessionCookie(MvcTestResult result) {
        return result.getResponse().getHeaders("Set-Cookie").stream().filter(c -> c.startsWith("SESSION=")).findFirst()
                .orElseThrow();
    }

    @Test
    void issuesAStrictHttpOnlySecureSessionCookieThatEndsWithTheBrowser() {
        // given
        String username = ApiClient.uniqueUsername("cookie");
        api().signUp(username);

        // when
        var result = login(username, ApiClient.PASSWORD, "");

        // then
        assertThat(result).hasStatus(200).bodyJson().extractingPath("$.username").isEqualTo(username);
        String cookie = sessionCookie(result);
        assertThat(cookie).contains("HttpOnly").contains("Secure").contains("SameSite=Strict").contains("Path=/")
                .doesNotContain("Max-Age").doesNotContain("Expires");
        String id = cookie.substring("SESSION=".length(), cookie.indexOf(';'));
        assertThat(id).hasSizeGreaterThanOrEqualTo(22).matches("[A-Za-z0-9_-]+");
        assertThat(redis.hasKey(namespace + ":sessions:sessions:" + id)).as("session kept in Redis").isTrue();
    }

    @Test
    void expiresSessionsAfterThirtyIdleMinutes() {
        assertThat(sessions.createSession().getMaxInactiveInterval()).isEqualTo(java.time.Duration.ofMinutes(30));
    }

    @Test
    void keepsARememberedSessionCookieAcrossBrowserRestarts() {
        String username = ApiClient.uniqueUsername("remember");
        api().signUp(username);

        var result = login(username, ApiClient.PASSWORD, ",\"remember_me\":true");

        assertThat(sessionCookie(result)).contains("Max-Age=43200");
    }

    @Test
    void issuesANewSessionIdAtEveryLogin() {
        var first = api().newUser("fixation");

        var second = api().login(first.username());

        assertThat(second.session().getValue()).isNotEqualTo(first.session().getValue());
    }

    @Test
    void answersUnknownUserAndWrongPasswordIdentically() throws Exception {
        String username = ApiClient.uniqueUsername("known");
        api().signUp(username);

        var wrongPassword = login(username, "not the password", "");
        var unknownUser = login(ApiClient.uniqueUsername("nobody"), "not the password", "");

        for (var result : List.of(wrongPassword, unknownUser)) {
            assertThat(result).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
            assertThat(result.getResponse().getHeaders("Set-Cookie")).noneMatch(c -> c.startsWith("SESSION="));
        }
        assertThat(wrongPassword).bodyJson().extractingPath("$.error.message")
                .isEqualTo(com.jayway.jsonpath.JsonPath.read(unknownUser.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8), "$.error.message"));
    }

    @Test
    void refusesMissingFieldsAndNonJsonBodies() {
        var missing = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON).content("{\"username\":\"x\"}").exchange();
        var form = mvc.post().uri("/login").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .content("username=x&password=y").exchange();

        assertThat(missing).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("password");
        assertThat(form).hasStatus(415).bodyJson().extractingPath("$.error.code").isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void backsOffAfterRepeatedFailuresForOneUsernameFromOneAddress() {
        String username = ApiClient.uniqueUsername("brute");
        api().signUp(username);
        // the allowance of five failures; the sixth attempt is refused
        for (int i = 0; i < 5; i++) {
            assertThat(login(username, "wrong password " + i, "")).hasStatus(401);
        }

        var throttled = login(username, ApiClient.PASSWORD, "");

        assertThat(throttled).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(throttled.getResponse().getHeader("Retry-After"))).isPositive();
    }

    @Test
    void endsTheSessionAtLogoutSoTheCookieNoLongerWorks() {
        var me = api().newUser("leaver");

        var logout = me.apply(mvc.post().uri("/logout")).exchange();
        var replay = me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange();

        assertThat(logout).hasStatus(204);
        assertThat(logout.getResponse().getHeaders("Set-Cookie")).anyMatch(c -> c.startsWith("SESSION=;") && c.contains("Max-Age=0"));
        assertThat(replay).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void refusesLogoutWithoutTheCsrfToken() {
        var me = api().newUser("csrflogout");

        assertThat(me.cookieOnly(mvc.post().uri("/logout")).exchange()).hasStatus(403);
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange()).hasStatus(200);
    }

    @Test
    void aPasswordChangeEndsEveryOtherSessionAndKeepsThePersonSignedInWhereTheyMadeIt() {
        // given two browsers of one person
        var laptop = api().newUser("rotate");
        var phone = api().login(laptop.username());

        // when the laptop changes the password
        var change = laptop.apply(mvc.patch().uri("/api/v1/users/" + laptop.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"a brand new password\",\"current_password\":\"" + ApiClient.PASSWORD + "\"}").exchange();

        // then the phone is signed out; the laptop goes on with the new session the answer set (the old id is void)
        assertThat(change).hasStatus(200);
        jakarta.servlet.http.Cookie renewed = change.getResponse().getCookie("SESSION");
        jakarta.servlet.http.Cookie xsrf = change.getResponse().getCookie("XSRF-TOKEN");
        assertThat(renewed).isNotNull();
        assertThat(renewed.getValue()).isNotEqualTo(laptop.session().getValue());
        assertThat(xsrf).isNotNull();
        var stillSignedIn = new ApiClient.Login(laptop.userId(), laptop.username(),
                new jakarta.servlet.http.Cookie("SESSION", renewed.getValue()), xsrf.getValue());
        assertThat(phone.apply(mvc.get().uri("/api/v1/users")).exchange()).hasStatus(401);
        assertThat(laptop.apply(mvc.get().uri("/api/v1/users")).exchange()).hasStatus(401);
        assertThat(stillSignedIn.apply(mvc.get().uri("/api/v1/users")).exchange()).hasStatus(200);
        assertThat(stillSignedIn.apply(mvc.patch().uri("/api/v1/users/" + laptop.userId()))
                .contentType(MediaType.APPLICATION_JSON).content("{\"name\":\"Renamed\"}").exchange()).hasStatus(200);
        assertThat(login(laptop.username(), "a brand new password", "")).hasStatus(200);
    }
}
