package org.roost.authorization.par;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * Pushed authorization requests over real HTTP, as a client reads them from discovery: the request_uri works once,
 * for its own client only, lives at most five minutes, and a client configured to require PAR can start no
 * other way. Run on PostgreSQL and on H2.
 */
abstract class ParContract {

    private static final String SERVICE = "roost-demo-service";
    private static final String SERVICE_SECRET = "demo-service-secret";
    private static final String SERVICE_REDIRECT = "http://127.0.0.1:8082/callback";

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private JsonNode discovery(String path) {
        return Json.of(new HttpSession(base()).get(path).body());
    }

    private HttpResponse<String> push(String client, String secret, String redirect, String scope) {
        String parEndpoint = discovery("/.well-known/oauth-authorization-server")
                .get("pushed_authorization_request_endpoint").asString();
        return new HttpSession(base()).postForm(parEndpoint, form("response_type", "code", "client_id", client,
                "redirect_uri", redirect, "scope", scope, "state", "par-state"),
                "Authorization", OAuthPerson.basic(client, secret));
    }

    private String authorizeWith(String client, String requestUri) {
        return UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize").queryParam("client_id", client)
                .queryParam("request_uri", URLEncoder.encode(requestUri, StandardCharsets.UTF_8)).build(true).toUriString();
    }

    /**
     * A push without its parameters, or by a caller that is no client (a person's bearer token), is the OAuth error,
     * never a 500: Spring's endpoint handed the framework's authentication manager nothing to check, which threw.
     */
    @Test
    void aPushWithoutParametersOrClientIsAnOAuthError() {
        OAuthPerson person = OAuthPerson.signUp(base(), "pia");
        String token = new HttpSession(base()).firstPartyToken(person.username, ApiClient.PASSWORD);
        HttpResponse<String> byPerson = new HttpSession(base()).send("POST", "/oauth2/par", "{}",
                "Authorization", "Bearer " + token);
        HttpResponse<String> empty = new HttpSession(base()).postForm("/oauth2/par", form(),
                "Authorization", OAuthPerson.basic(SERVICE, SERVICE_SECRET));

        assertThat(byPerson.statusCode()).as(byPerson.body()).isEqualTo(401);
        assertThat(Json.of(byPerson.body()).get("error").asString()).isEqualTo("invalid_client");
        HttpResponse<String> implicit = new HttpSession(base()).postForm("/oauth2/par", form("response_type", "token",
                "client_id", SERVICE, "redirect_uri", SERVICE_REDIRECT), "Authorization", OAuthPerson.basic(SERVICE, SERVICE_SECRET));
        assertThat(empty.statusCode()).as(empty.body()).isEqualTo(400);
        assertThat(Json.of(empty.body()).get("error").asString()).isEqualTo("invalid_request");
        assertThat(implicit.statusCode()).as(implicit.body()).isEqualTo(400);
        assertThat(Json.of(implicit.body()).get("error").asString()).isEqualTo("unsupported_response_type");
    }

    @Test
    void bothDiscoveryDocumentsAdvertiseTheEndpoint() {
        for (String path : new String[] { "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server" }) {
            assertThat(discovery(path).get("pushed_authorization_request_endpoint").asString()).as(path)
                    .isEqualTo(base() + "/oauth2/par");
        }
    }

    @Test
    void aPushedRequestLeadsToACodeOnceAndOnlyForItsClient() {
        // given a pushed request
        HttpResponse<String> pushed = push(SERVICE, SERVICE_SECRET, SERVICE_REDIRECT, "openid users:read");
        assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        String requestUri = Json.of(pushed.body()).get("request_uri").asString();
        assertThat(requestUri).startsWith("urn:ietf:params:oauth:request_uri:");
        assertThat(Json.of(pushed.body()).get("expires_in").asLong()).isBetween(1L, 300L);
        OAuthPerson person = OAuthPerson.signUp(base(), "paula");

        // when the person follows it (signing in on the way)
        String callback = person.authorize(authorizeWith(SERVICE, requestUri));

        // then the client gets a code, with the pushed state, and the code works
        assertThat(callback).startsWith(SERVICE_REDIRECT + "?");
        var answer = UriComponentsBuilder.fromUriString(callback).build().getQueryParams();
        assertThat(answer.getFirst("state")).isEqualTo("par-state");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token", form("grant_type",
                "authorization_code", "code", answer.getFirst("code"), "redirect_uri", SERVICE_REDIRECT),
                "Authorization", OAuthPerson.basic(SERVICE, SERVICE_SECRET));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        // and a second use of the request_uri fails
        HttpResponse<String> again = person.browser.get(authorizeWith(SERVICE, requestUri));
        assertThat(again.statusCode()).isEqualTo(400);
    }

    @Test
    void anotherClientCannotUseAPushedRequest() {
        // given a person signed in (through a first pushed request) and a second pushed request
        OAuthPerson person = OAuthPerson.signUp(base(), "paula");
        person.authorize(authorizeWith(SERVICE, Json.of(push(SERVICE, SERVICE_SECRET, SERVICE_REDIRECT, "users:read")
                .body()).get("request_uri").asString()));
        String requestUri = Json.of(push(SERVICE, SERVICE_SECRET, SERVICE_REDIRECT, "users:read").body())
                .get("request_uri").asString();

        // when the public demo app presents it
        HttpResponse<String> stolen = person.browser.get(authorizeWith("roost-demo-app", requestUri));

        // then
        assertThat(stolen.statusCode()).isEqualTo(400);
        assertThat(stolen.headers().firstValue("Location")).isEmpty();
    }

    @Test
    void refusesAPushedRequestWithAnUnregisteredRedirectUri() {
        // when
        HttpResponse<String> pushed = push(SERVICE, SERVICE_SECRET, "https://evil.example/callback", "users:read");

        // then
        assertThat(pushed.statusCode()).isEqualTo(400);
        assertThat(Json.of(pushed.body()).get("error").asString()).isEqualTo("invalid_request");
    }

    @Test
    void aClientThatRequiresParCannotSendItsRequestInTheUrl() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "paula");
        String direct = UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize").queryParam("response_type", "code")
                .queryParam("client_id", "test-par").queryParam("redirect_uri", "http://127.0.0.1:9998/callback")
                .queryParam("scope", "users:read").queryParam("state", "s").build().toUriString();

        // when
        HttpResponse<String> refused = person.browser.get(direct);
        HttpResponse<String> pushed = push("test-par", "par-secret", "http://127.0.0.1:9998/callback", "users:read");

        // then
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(Json.of(refused.body()).get("error").asString()).isEqualTo("invalid_request");
        assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        String callback = person.authorize(authorizeWith("test-par", Json.of(pushed.body()).get("request_uri").asString()));
        assertThat(callback).startsWith("http://127.0.0.1:9998/callback?code=");
    }

    @Test
    void theRequirementHoldsForEverySpellingOfTheEndpoint() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "paula");
        person.signIn("/signin");
        String query = "?response_type=code&client_id=test-par&redirect_uri=http://127.0.0.1:9998/callback"
                + "&scope=users:read&state=s";

        for (String attempt : new String[] { "/oauth2/%61uthorize" + query, "/oauth2/authorize;x=y" + query,
                "/oauth2/authorize" + query + "&request_uri=", "/oauth2/authorize" + query + "&request_uri=%20",
                "/oauth2/authorize/" + query }) {
            // when
            HttpResponse<String> answer = person.browser.get(attempt);

            // then no code is issued
            assertThat(answer.statusCode()).as(attempt).isNotEqualTo(302);
            assertThat(answer.statusCode()).as(attempt).isGreaterThanOrEqualTo(400);
            if (answer.statusCode() == 400) {
                assertThat(answer.body()).as(attempt).contains("\"error\"");
            }
        }
    }

    @Test
    void aPublicClientPushesWithPkce() {
        // given
        String verifier = "v-" + java.util.UUID.randomUUID() + "-" + java.util.UUID.randomUUID();
        String challenge = challenge(verifier);
        OAuthPerson person = OAuthPerson.signUp(base(), "paula");

        // when the public demo app pushes without a secret, with and without PKCE
        HttpResponse<String> pushed = new HttpSession(base()).postForm("/oauth2/par", form("response_type", "code",
                "client_id", "roost-demo-app", "redirect_uri", "http://127.0.0.1:8081/callback", "scope", "users:read",
                "state", "pub", "code_challenge", challenge, "code_challenge_method", "S256"));
        HttpResponse<String> withoutPkce = new HttpSession(base()).postForm("/oauth2/par", form("response_type", "code",
                "client_id", "roost-demo-app", "redirect_uri", "http://127.0.0.1:8081/callback", "scope", "users:read"));
        HttpResponse<String> confidentialWithoutSecret = new HttpSession(base()).postForm("/oauth2/par", form(
                "response_type", "code", "client_id", SERVICE, "redirect_uri", SERVICE_REDIRECT, "scope", "users:read",
                "code_challenge", challenge, "code_challenge_method", "S256"));

        // then the push works and leads to a code the client redeems with its verifier
        assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        String callback = person.authorize(authorizeWith("roost-demo-app", Json.of(pushed.body()).get("request_uri").asString()));
        String code = UriComponentsBuilder.fromUriString(callback).build().getQueryParams().getFirst("code");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token", form("grant_type",
                "authorization_code", "code", code, "redirect_uri", "http://127.0.0.1:8081/callback",
                "client_id", "roost-demo-app", "code_verifier", verifier));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        // and the refusals are OAuth errors with a body
        assertThat(withoutPkce.statusCode()).isEqualTo(400);
        assertThat(Json.of(withoutPkce.body()).get("error").asString()).isEqualTo("invalid_request");
        assertThat(confidentialWithoutSecret.statusCode()).isEqualTo(401);
        assertThat(Json.of(confidentialWithoutSecret.body()).get("error").asString()).isEqualTo("invalid_client");
    }

    private static String challenge(String verifier) {
        try {
            return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(java.security.MessageDigest
                    .getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        }
        catch (java.security.NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
