package org.roost.identity.twofactor;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;

import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Two-factor sign-in through the API, with codes computed from the enrolled secret as an authenticator app would. */
abstract class TwoFactorContract {

    @Autowired
    MockMvcTester mvc;

    record Enrolled(ApiClient.Login login, String secret, List<String> recoveryCodes) {
    }

    /** The code of the 30-second step {@code offset} steps from now (RFC 6238, SHA-1, six digits). */
    static String code(String secret, int offset) throws Exception {
        var totp = new TimeBasedOneTimePasswordGenerator(Duration.ofSeconds(30));
        var key = new SecretKeySpec(new Base32().decode(secret), totp.getAlgorithm());
        return "%06d".formatted(totp.generateOneTimePassword(key, Instant.now().plusSeconds(30L * offset)));
    }

    MvcTestResult post(String path, String json) {
        return mvc.post().uri(path).contentType(MediaType.APPLICATION_JSON).content(json).exchange();
    }

    MvcTestResult post(ApiClient.Login me, String path, String json) {
        return me.apply(mvc.post().uri(path)).contentType(MediaType.APPLICATION_JSON).content(json).exchange();
    }

    String credentials(ApiClient.Login me) {
        return "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(me.username(), ApiClient.PASSWORD);
    }

    String stepToken(MvcTestResult refused) {
        return Json.of(refused).path("second_factor").path("step_token").asString();
    }

    String secondFactor(String stepToken, String code) {
        return "{\"step_token\":\"%s\",\"code\":\"%s\"}".formatted(stepToken, code);
    }

    Enrolled enrolled(String prefix) throws Exception {
        ApiClient.Login me = new ApiClient(mvc).newUser(prefix);
        String base = "/api/v1/users/" + me.userId() + "/two-factor";
        String secret = Json.of(post(me, base, "")).path("secret").asString();
        MvcTestResult confirmed = post(me, base + "/confirm",
                "{\"current_password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD, code(secret, 0)));
        assertThat(confirmed).hasStatus(200);
        List<String> codes = Json.of(confirmed).path("recovery_codes").valueStream().map(JsonNode::asString).toList();
        return new Enrolled(me, secret, codes);
    }

    @Test
    void enrolsWithAQrCodeAndAFirstCodeAndShowsTenRecoveryCodes() throws Exception {
        // given a user who starts an enrolment
        ApiClient.Login me = new ApiClient(mvc).newUser("enrol");
        String base = "/api/v1/users/" + me.userId() + "/two-factor";
        MvcTestResult started = post(me, base, "");
        String secret = Json.of(started).path("secret").asString();

        // when a wrong code, then the right one, confirms it
        MvcTestResult wrong = post(me, base + "/confirm", "{\"current_password\":\"%s\",\"code\":\"000000\"}"
                .formatted(ApiClient.PASSWORD).replace("000000", code(secret, 0).equals("000000") ? "111111" : "000000"));
        MvcTestResult right = post(me, base + "/confirm",
                "{\"current_password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD, code(secret, 0)));

        // then it is on, with ten distinct recovery codes shown once
        assertThat(started).hasStatus(200).hasHeader("Cache-Control", "no-store");
        assertThat(Json.of(started).path("otpauth_uri").asString()).startsWith("otpauth://totp/Roost:" + me.username())
                .contains("secret=" + secret).contains("issuer=Roost");
        String qr = Json.of(started).path("qr_code").asString();
        assertThat(qr).startsWith("data:image/svg+xml;base64,");
        assertThat(new String(Base64.getDecoder().decode(qr.substring(qr.indexOf(',') + 1)), StandardCharsets.UTF_8))
                .startsWith("<svg");
        assertThat(wrong).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("code");
        assertThat(right).hasStatus(200);
        List<String> codes = Json.of(right).path("recovery_codes").valueStream().map(JsonNode::asString).toList();
        assertThat(new HashSet<>(codes)).hasSize(10);
        assertThat(me.apply(mvc.get().uri(base)).exchange()).bodyJson().extractingPath("$.enabled").isEqualTo(true);
    }

    @Test
    void aTokenLoginThenNeedsACodeAndItsTokensSaySo() throws Exception {
        Enrolled user = enrolled("token2fa");

        MvcTestResult first = post("/auth/token", credentials(user.login()));
        MvcTestResult second = post("/auth/token/second-factor", secondFactor(stepToken(first), code(user.secret(), 1)));
        MvcTestResult refreshed = post("/auth/token/refresh",
                "{\"refresh_token\":\"%s\"}".formatted(Json.field(second, "refresh_token")));

        assertThat(first).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("SECOND_FACTOR_REQUIRED");
        assertThat(first).doesNotContainHeader("Set-Cookie");
        assertThat(Json.of(first).path("second_factor").path("expires_in").asInt()).isEqualTo(300);
        assertThat(second).hasStatus(200);
        assertThat(claims(Json.field(second, "access_token")).path("amr").toString()).contains("pwd", "otp");
        assertThat(claims(Json.field(refreshed, "access_token")).path("amr").toString()).contains("pwd", "otp");
    }

    @Test
    void aPasswordOnlyTokenSaysPwd() {
        ApiClient.Login me = new ApiClient(mvc).newUser("pwdonly");

        MvcTestResult tokens = post("/auth/token", credentials(me));

        assertThat(claims(Json.field(tokens, "access_token")).path("amr").toString()).isEqualTo("[\"pwd\"]");
    }

    @Test
    void aSessionLoginTakesARecoveryCodeOnce() throws Exception {
        Enrolled user = enrolled("session2fa");
        String recovery = user.recoveryCodes().getFirst();

        MvcTestResult first = post("/login", credentials(user.login()));
        MvcTestResult second = post("/login/second-factor", secondFactor(stepToken(first), recovery.toUpperCase()));
        MvcTestResult again = post("/login/second-factor", secondFactor(stepToken(post("/login", credentials(user.login()))), recovery));

        assertThat(first).hasStatus(401).doesNotContainHeader("Set-Cookie");
        assertThat(second).hasStatus(200).bodyJson().extractingPath("$.username").isEqualTo(user.login().username());
        assertThat(second.getResponse().getCookie("SESSION")).isNotNull();
        assertThat(again).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("code");
    }

    @Test
    void aCodeIsAcceptedOnce() throws Exception {
        Enrolled user = enrolled("replay");
        String code = code(user.secret(), 1);

        MvcTestResult used = post("/auth/token/second-factor", secondFactor(stepToken(post("/auth/token", credentials(user.login()))), code));
        MvcTestResult replayed = post("/auth/token/second-factor", secondFactor(stepToken(post("/auth/token", credentials(user.login()))), code));

        assertThat(used).hasStatus(200);
        assertThat(replayed).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("code");
    }

    @Test
    void aStepTokenAllowsFiveCodesAndGuessingIsThrottledPerAccount() throws Exception {
        Enrolled user = enrolled("guess");
        String step = stepToken(post("/auth/token", credentials(user.login())));
        for (int i = 0; i < 5; i++) {
            assertThat(post("/auth/token/second-factor", secondFactor(step, "00000" + i))).hasStatus(400);
        }
        MvcTestResult spent = post("/auth/token/second-factor", secondFactor(step, code(user.secret(), 1)));
        for (int i = 0; i < 5; i++) {
            post("/auth/token/second-factor", secondFactor(stepToken(post("/auth/token", credentials(user.login()))), "11111" + i));
        }

        MvcTestResult throttled = post("/auth/token/second-factor",
                secondFactor(stepToken(post("/auth/token", credentials(user.login()))), code(user.secret(), 1)));

        assertThat(spent).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("step_token");
        assertThat(throttled).hasStatus(429).containsHeader("Retry-After");
    }

    @Test
    void turningItOffNeedsThePasswordAndACode() throws Exception {
        Enrolled user = enrolled("off");
        String base = "/api/v1/users/" + user.login().userId() + "/two-factor/disable";

        MvcTestResult noPassword = post(user.login(), base, "{\"current_password\":\"wrong password\",\"code\":\"%s\"}"
                .formatted(code(user.secret(), 1)));
        MvcTestResult off = post(user.login(), base, "{\"current_password\":\"%s\",\"code\":\"%s\"}"
                .formatted(ApiClient.PASSWORD, user.recoveryCodes().get(1)));

        assertThat(noPassword).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("current_password");
        assertThat(off).hasStatus(204);
        assertThat(post("/auth/token", credentials(user.login()))).hasStatus(200);
    }

    @Test
    void onlyTheOwnerEnrols() {
        ApiClient.Login me = new ApiClient(mvc).newUser("own");
        ApiClient.Login other = new ApiClient(mvc).newUser("notown");

        assertThat(post(other, "/api/v1/users/" + me.userId() + "/two-factor", "")).hasStatus(403);
    }

    private static JsonNode claims(String jwt) {
        return Json.of(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8));
    }

    @Test
    void turningItOnSignsOutTheOtherSessionsButNotThisOne() throws Exception {
        // given a user signed in twice
        ApiClient client = new ApiClient(mvc);
        ApiClient.Login me = client.newUser("twice");
        ApiClient.Login other = client.login(me.username());
        String base = "/api/v1/users/" + me.userId() + "/two-factor";
        assertThat(other.apply(mvc.get().uri(base)).exchange()).hasStatus(200);

        // when one session turns two-factor sign-in on
        String secret = Json.of(post(me, base, "")).path("secret").asString();
        assertThat(post(me, base + "/confirm", "{\"current_password\":\"%s\",\"code\":\"%s\"}"
                .formatted(ApiClient.PASSWORD, code(secret, 0)))).hasStatus(200);

        // then the other, signed in on one factor alone, is signed out, and this one is not
        assertThat(other.apply(mvc.get().uri(base)).exchange()).hasStatus(401);
        assertThat(me.apply(mvc.get().uri(base)).exchange()).hasStatus(200);
    }
}
