package org.roost.authorization.server;

import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.support.HtmlForm;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * The forms a signed-in person answers on the authorization server's pages (the consent page, the device code and
 * device consent pages) post to protocol endpoints, which Spring exempts from CSRF: each must still carry the page's
 * token, so another site cannot answer them for the person. Over real HTTP, on PostgreSQL and on H2.
 */
abstract class ConsentFormsContract {

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private static HtmlForm withoutCsrf(HtmlForm form) {
        return new HtmlForm(form.action(), form.fields().stream().filter(field -> !field.getKey().equals("_csrf")).toList());
    }

    private static boolean hasCsrf(HtmlForm form) {
        return form.fields().stream().map(Map.Entry::getKey).anyMatch("_csrf"::equals);
    }

    @Test
    void theConsentFormNeedsItsCsrfToken() {
        // given a person on the consent page of the demo app
        OAuthPerson person = OAuthPerson.signUp(base(), "csrf");
        person.signIn("/signin");
        HttpResponse<String> page = person.follow(person.browser.get("/oauth2/authorize?response_type=code"
                + "&client_id=roost-demo-app&redirect_uri=http://127.0.0.1:8081/callback&scope=openid%20users:read"
                + "&state=s&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        HtmlForm allow = HtmlForm.all(page.body()).getFirst();
        assertThat(hasCsrf(allow)).isTrue();

        // when a forged form (another site's: no token) allows
        HttpResponse<String> forged = person.browser.postForm(allow.action(), withoutCsrf(allow).fields());
        HttpResponse<String> wrong = person.browser.postForm(allow.action(), allow.with("_csrf", "forged").fields());

        // then nothing is granted
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.headers().firstValue("Location")).isEmpty();
        assertThat(wrong.statusCode()).isEqualTo(403);
        // and the page's own form still works
        HttpResponse<String> allowed = person.browser.postForm(allow.action(), allow.fields());
        assertThat(allowed.statusCode()).isEqualTo(302);
        assertThat(OAuthPerson.location(allowed)).startsWith("http://127.0.0.1:8081/callback?code=");
    }

    @Test
    void theDeviceFormsNeedTheirCsrfToken() {
        // given a device waiting, and the person on the code page
        HttpResponse<String> started = new HttpSession(base()).postForm("/oauth2/device_authorization",
                form("client_id", "test-device", "scope", "users:read"));
        JsonNode device = Json.of(started.body());
        OAuthPerson person = OAuthPerson.signUp(base(), "csrf");
        person.signIn("/signin");
        HttpResponse<String> codePage = person.follow(person.browser.get(device.get("verification_uri_complete").asString()));
        HtmlForm code = HtmlForm.all(codePage.body()).getFirst();
        assertThat(hasCsrf(code)).isTrue();

        // when the code is sent without the token, then with it
        HttpResponse<String> forgedCode = person.browser.postForm(code.action(), withoutCsrf(code).fields());
        HttpResponse<String> consent = person.follow(person.browser.postForm(code.action(), code.fields()));

        // then only the page's own form reaches the consent page
        assertThat(forgedCode.statusCode()).isEqualTo(403);
        assertThat(consent.statusCode()).as(consent.body()).isEqualTo(200);
        HtmlForm allow = HtmlForm.all(consent.body()).getFirst();

        // and a forged "Allow" is refused while the page's own is taken
        HttpResponse<String> forged = person.browser.postForm(allow.action(), withoutCsrf(allow).fields());
        assertThat(forged.statusCode()).isEqualTo(403);
        HttpResponse<String> allowed = person.follow(person.browser.postForm(allow.action(), allow.fields()));
        assertThat(allowed.body()).contains("Device connected");
    }
}
