package org.roost.authorization.devicegrant;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.HtmlForm;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.roost.support.OAuthPerson.form;

/**
 * The device authorization grant over real HTTP, as a TV (public client) or a command-line tool with a secret
 * runs it, and as a person answers it on the verification page: polling errors per RFC 8628, allow and deny.
 * Run on PostgreSQL and on H2.
 */
abstract class DeviceFlowContract {

    static final String DEVICE_CODE = "urn:ietf:params:oauth:grant-type:device_code";

    @LocalServerPort
    int port;

    String base() {
        return "http://localhost:" + port;
    }

    private JsonNode start(String clientId) {
        HttpResponse<String> started = new HttpSession(base()).postForm("/oauth2/device_authorization",
                form("client_id", clientId, "scope", "users:read posts:read"));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(200);
        return Json.of(started.body());
    }

    private HttpResponse<String> poll(JsonNode device, String clientId) {
        return new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", DEVICE_CODE, "device_code", device.get("device_code").asString(), "client_id", clientId));
    }

    private static String error(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        return Json.of(response.body()).get("error").asString();
    }

    /** The person opens verification_uri_complete, signs in, continues with the code and answers the consent page. */
    private HttpResponse<String> answer(OAuthPerson person, JsonNode device, boolean allow) {
        HttpResponse<String> page = person.follow(person.browser.get(device.get("verification_uri_complete").asString()));
        if (page.body().contains("name=\"password\"")) {
            page = person.follow(person.signIn(page.uri().toString()));
        }
        assertThat(page.body()).contains("Connect a device").contains(device.get("user_code").asString());
        HtmlForm code = HtmlForm.all(page.body()).getFirst();
        HttpResponse<String> consent = person.follow(person.browser.postForm(code.action(), code.fields()));
        assertThat(consent.statusCode()).isEqualTo(200);
        assertThat(consent.body()).contains("Allow this device?", "Test TV", "See people&#39;s profiles", "Read posts",
                "class=\"secondary\"");
        HtmlForm choice = HtmlForm.all(consent.body()).get(allow ? 0 : 1);
        return person.follow(person.browser.postForm(choice.action(), choice.fields()));
    }

    @Test
    void discoveryAdvertisesTheDeviceEndpointAndGrant() {
        for (String path : new String[] { "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server" }) {
            JsonNode metadata = Json.of(new HttpSession(base()).get(path).body());
            assertThat(metadata.get("device_authorization_endpoint").asString()).as(path)
                    .isEqualTo(base() + "/oauth2/device_authorization");
            assertThat(metadata.get("grant_types_supported").toString()).as(path).contains(DEVICE_CODE);
        }
    }

    @Test
    void aPublicDeviceIsPendingThenSlowedDownWhenItPollsTooFast() {
        // given
        JsonNode device = start("test-device");

        // then the answer names the verification page and the interval
        assertThat(device.get("verification_uri").asString()).isEqualTo(base() + "/device");
        assertThat(device.get("verification_uri_complete").asString())
                .isEqualTo(base() + "/device?user_code=" + device.get("user_code").asString());
        assertThat(device.get("interval").asInt()).isEqualTo(5);
        // and polling answers pending, then slow_down when the device does not wait
        assertThat(error(poll(device, "test-device"))).isEqualTo("authorization_pending");
        assertThat(error(poll(device, "test-device"))).isEqualTo("slow_down");
    }

    @Test
    void aPersonWhoAllowsGivesTheDeviceTokensForThemselves() {
        // given
        JsonNode device = start("test-device");
        OAuthPerson person = OAuthPerson.signUp(base(), "tv");

        // when
        HttpResponse<String> done = answer(person, device, true);
        HttpResponse<String> tokens = poll(device, "test-device");

        // then
        assertThat(done.body()).contains("Device connected");
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        String access = Json.of(tokens.body()).get("access_token").asString();
        assertThat(OAuthPerson.jwtPart(access, 1).get("sub").asString()).isEqualTo(person.id);
        assertThat(OAuthPerson.jwtPart(access, 1).get("client_id").asString()).isEqualTo("test-device");
        assertThat(new HttpSession(base()).get("/api/v1/users/" + person.id, "Authorization", "Bearer " + access)
                .statusCode()).isEqualTo(200);
    }

    @Test
    void aPersonWhoDeniesLeavesTheDeviceWithAccessDenied() {
        // given
        JsonNode device = start("test-device");
        OAuthPerson person = OAuthPerson.signUp(base(), "tv");

        // when
        HttpResponse<String> done = answer(person, device, false);

        // then
        assertThat(done.body()).contains("Access denied");
        assertThat(error(poll(device, "test-device"))).isEqualTo("access_denied");
    }

    @Test
    void aDevicePollingAWhileIsNotTakenForASecretGuesser() {
        // given a device code nobody has answered yet
        JsonNode device = start("test-device");

        // when the device polls more often than the client-secret throttle's allowance of failures (5)
        java.util.List<String> answers = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(error(poll(device, "test-device")));
        }

        // then each poll is answered by the device flow (pending, or slow_down when too fast), never 429
        assertThat(answers).allMatch(answer -> answer.equals("authorization_pending") || answer.equals("slow_down"));
    }

    @Test
    void anUnansweredDeviceCodeExpires() {
        // given a device code that lives 3 s (the test client's setting)
        JsonNode device = start("test-device-brief");

        // when its lifetime has passed (polled until the answer changes: pending, or slow_down for polling fast; an
        // expired code is answered expired_token however fast the device polls)
        String answer = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(500))
                .until(() -> error(poll(device, "test-device-brief")),
                        error -> !error.equals("authorization_pending") && !error.equals("slow_down"));

        // then
        assertThat(answer).isEqualTo("expired_token");
    }

    @Test
    void aClientWithASecretUsesItAndAClientWithoutTheGrantIsRefused() {
        // given
        HttpSession cli = new HttpSession(base());

        // when
        HttpResponse<String> withSecret = cli.postForm("/oauth2/device_authorization", form("scope", "users:read"),
                "Authorization", OAuthPerson.basic("test-device-service", "device-secret"));
        HttpResponse<String> withoutSecret = cli.postForm("/oauth2/device_authorization",
                form("client_id", "test-device-service", "scope", "users:read"));
        HttpResponse<String> withoutGrant = cli.postForm("/oauth2/device_authorization",
                form("client_id", "roost-demo-app", "scope", "users:read"));

        // then
        assertThat(withSecret.statusCode()).as(withSecret.body()).isEqualTo(200);
        assertThat(withoutSecret.statusCode()).isEqualTo(401);
        assertThat(Json.of(withoutSecret.body()).get("error").asString()).isEqualTo("invalid_client");
        assertThat(Json.of(withoutGrant.body()).get("error").asString()).isEqualTo("unauthorized_client");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script; BrowserScripts.LIMIT is 8
    void aPersonConnectsADeviceInChromiumAndDeniesAnother() throws Exception {
        // when / then (the script's own checks)
        BrowserScripts.runPassing("device.mjs", port);
        assertThat(BrowserScripts.SCREENSHOTS.resolve("device-consent.png")).isRegularFile();
    }

    @Test
    void aWrongCodeOnThePageSaysSo() {
        // given a signed-in person on the page
        OAuthPerson person = OAuthPerson.signUp(base(), "tv");
        HttpResponse<String> page = person.follow(person.browser.get("/device"));
        page = person.follow(person.signIn(page.uri().toString()));
        assertThat(page.body()).contains("Connect a device");

        // when
        HtmlForm code = HtmlForm.all(page.body()).getFirst().with("user_code", "BCDF-GHJK");
        HttpResponse<String> answered = person.follow(person.browser.postForm(code.action(), code.fields()));

        // then
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).contains("That code is not valid");
    }

    @Test
    void aCodeCarryingMarkupComesBackAsTextInTheTemplatedPage() {
        // given a signed-in person who follows a link whose code is markup
        OAuthPerson person = OAuthPerson.signUp(base(), "tv");
        String markup = "\"><script>alert(1)</script>";
        HttpResponse<String> page = person.follow(person.browser.get("/device?user_code="
                + java.net.URLEncoder.encode(markup, java.nio.charset.StandardCharsets.UTF_8)));
        if (page.body().contains("name=\"password\"")) {
            page = person.follow(person.signIn(page.uri().toString()));
        }

        // then the page (templates/deviceflow/enter-code.mustache in the one layout) shows it as text, never as markup
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).startsWith("<!DOCTYPE html>").contains("Connect a device")
                .contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\"").doesNotContain("<script>alert(1)");
    }
}
