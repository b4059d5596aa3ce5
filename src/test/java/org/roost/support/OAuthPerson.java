package org.roost.support;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A person at a browser, over real HTTP, for the authorization server's flows: signs up, signs in on the HTML form
 * when sent there, and reads tokens. Each instance has a browser of its own (its own cookies).
 */
public final class OAuthPerson {

    public final HttpSession browser;
    public final String username;
    public final String id;

    private OAuthPerson(HttpSession browser, String username, String id) {
        this.browser = browser;
        this.username = username;
        this.id = id;
    }

    public static OAuthPerson signUp(String base, String prefix) {
        HttpSession browser = new HttpSession(base);
        String username = ApiClient.uniqueUsername(prefix);
        HttpResponse<String> created = browser.postJson("/api/v1/users",
                "{\"username\":\"%s\",\"name\":\"%s\",\"password\":\"%s\"}".formatted(username, prefix, ApiClient.PASSWORD));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return new OAuthPerson(browser, username, Json.of(created.body()).get("id").asString());
    }

    /** Fills in the sign-in form served at {@code signInPage}; returns the answer to the form's POST. */
    public HttpResponse<String> signIn(String signInPage) {
        HttpResponse<String> page = browser.get(signInPage);
        assertThat(page.statusCode()).isEqualTo(200);
        HtmlForm form = HtmlForm.all(page.body()).getFirst().with("username", username).with("password", ApiClient.PASSWORD);
        return browser.postForm(form.action(), form.fields());
    }

    /** Follows redirects within the service until a page (or a redirect elsewhere) answers. */
    public HttpResponse<String> follow(HttpResponse<String> response) {
        HttpResponse<String> current = response;
        for (int hops = 0; hops < 10 && current.statusCode() == 302; hops++) {
            String location = location(current);
            if (!location.startsWith("/") && !location.startsWith(browser.resolve("/").toString())) {
                return current;
            }
            current = browser.get(location);
        }
        return current;
    }

    /**
     * Runs the browser's part of the authorization-code flow from {@code authorizeUrl}: signs in when asked, allows
     * every scope on the consent page when it is shown, and returns the redirect to the client (its {@code Location}).
     */
    public String authorize(String authorizeUrl) {
        HttpResponse<String> answer = follow(browser.get(authorizeUrl));
        if (answer.statusCode() == 200 && answer.body().contains("name=\"password\"")) {
            answer = follow(signIn(answer.uri().toString()));
        }
        if (answer.statusCode() == 200 && answer.body().contains("id=\"allow\"")) {
            HtmlForm allow = HtmlForm.all(answer.body()).getFirst();
            answer = browser.postForm(allow.action(), allow.fields());
        }
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(302);
        return location(answer);
    }

    public static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElseThrow();
    }

    /** A JWT's header or claims (part 0 or 1), as JSON. */
    public static JsonNode jwtPart(String jwt, int part) {
        return Json.of(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[part]), StandardCharsets.UTF_8));
    }

    public static List<Map.Entry<String, String>> form(String... pairs) {
        List<Map.Entry<String, String>> fields = new java.util.ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            fields.add(Map.entry(pairs[i], pairs[i + 1]));
        }
        return fields;
    }

    public static String basic(String client, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((client + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }
}
