package org.roost.authorization.registration;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * Clients registered at run time, over real HTTP: Dynamic Client Registration behind an initial access token, and
 * the developer console's API (register, secret once, rotate, delete, owner only, redirect URI rules).
 * Run on PostgreSQL and on H2.
 */
abstract class RegistrationContract {

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private String initialAccessToken() {
        HttpResponse<String> token = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "client_credentials", "scope", "client.create"),
                "Authorization", OAuthPerson.basic("test-registrar", "registrar-secret"));
        assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
        return Json.of(token.body()).get("access_token").asString();
    }

    private HttpResponse<String> registerDynamically(String token, String redirectUri) {
        return new HttpSession(base()).postJson("/connect/register", """
                {"client_name":"Dyn app","redirect_uris":["%s"],"grant_types":["authorization_code"],
                 "response_types":["code"],"scope":"openid users:read","token_endpoint_auth_method":"client_secret_basic"}"""
                .formatted(redirectUri), "Authorization", "Bearer " + token);
    }

    /** Whether the client authenticates with this secret at the introspection endpoint. */
    private boolean secretWorks(String clientId, String secret) {
        return new HttpSession(base()).postForm("/oauth2/introspect", form("token", "x"),
                "Authorization", OAuthPerson.basic(clientId, secret)).statusCode() == 200;
    }

    private static String bearer(OAuthPerson person) {
        return "Bearer " + person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);
    }

    private static HttpResponse<String> newApp(OAuthPerson person, String auth, String type, String redirectUri) {
        return person.browser.postJson("/api/v1/apps", """
                {"name":"My app","redirect_uris":["%s"],"type":"%s","scopes":["openid","users:read"]}"""
                .formatted(redirectUri, type), "Authorization", auth);
    }

    @Test
    void discoveryNamesTheRegistrationEndpoint() {
        for (String path : new String[] { "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server" }) {
            assertThat(Json.of(new HttpSession(base()).get(path).body()).get("registration_endpoint").asString())
                    .as(path).isEqualTo(base() + "/connect/register");
        }
    }

    @Test
    void registersAClientWithAnInitialAccessTokenOnce() {
        // given
        String token = initialAccessToken();

        // when
        HttpResponse<String> registered = registerDynamically(token, "https://app.example/callback");
        HttpResponse<String> again = registerDynamically(token, "https://app.example/callback");
        HttpResponse<String> without = new HttpSession(base()).postJson("/connect/register",
                "{\"redirect_uris\":[\"https://app.example/callback\"]}");

        // then
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        JsonNode client = Json.of(registered.body());
        assertThat(client.get("client_id").asString()).isNotBlank();
        assertThat(secretWorks(client.get("client_id").asString(), client.get("client_secret").asString())).isTrue();
        assertThat(client.get("registration_access_token").asString()).isNotBlank();
        assertThat(again.statusCode()).isEqualTo(401);
        assertThat(without.statusCode()).isEqualTo(401);
    }

    @Test
    void tellsAClientTheAlgorithmItsIdTokensAreSignedWithAndRefusesAnother() {
        // given what discovery says the service signs with
        String signing = Json.of(new HttpSession(base()).get("/.well-known/openid-configuration").body())
                .get("id_token_signing_alg_values_supported").get(0).asString();
        String other = signing.equals("RS256") ? "ES256" : "RS256";

        // when
        HttpResponse<String> registered = registerDynamically(initialAccessToken(), "https://app.example/callback");
        HttpResponse<String> askingOther = new HttpSession(base()).postJson("/connect/register", """
                {"client_name":"Dyn app","redirect_uris":["https://app.example/callback"],
                 "grant_types":["authorization_code"],"response_types":["code"],"scope":"openid",
                 "id_token_signed_response_alg":"%s"}""".formatted(other), "Authorization", "Bearer " + initialAccessToken());

        // then
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        assertThat(Json.of(registered.body()).get("id_token_signed_response_alg").asString()).isEqualTo(signing);
        assertThat(askingOther.statusCode()).as(askingOther.body()).isEqualTo(400);
        assertThat(Json.of(askingOther.body()).get("error").asString()).isEqualTo("invalid_client_metadata");
        assertThat(Json.of(askingOther.body()).get("error_description").asString()).contains(signing);
    }

    @Test
    void refusesUnsafeRedirectUrisAtRegistration() {
        for (String uri : new String[] { "javascript:alert(1)", "data:text/html,hi", "http://app.example/callback",
                "https://app.example/callback#fragment", "https://*.example.com/callback" }) {
            // when
            HttpResponse<String> registered = registerDynamically(initialAccessToken(), uri);

            // then
            assertThat(registered.statusCode()).as(uri).isEqualTo(400);
            assertThat(Json.of(registered.body()).get("error").asString()).as(uri).isIn("invalid_redirect_uri",
                    "invalid_client_metadata");
        }
    }

    @Test
    void aPersonRegistersRotatesAndDeletesTheirOwnAppsOnly() {
        // given
        OAuthPerson owner = OAuthPerson.signUp(base(), "dev");
        OAuthPerson other = OAuthPerson.signUp(base(), "dev");
        String ownerAuth = bearer(owner);
        String otherAuth = bearer(other);

        // when the owner registers a confidential app
        HttpResponse<String> created = newApp(owner, ownerAuth, "confidential", "https://my.example/callback");

        // then its secret is shown once and works
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode app = Json.of(created.body());
        String clientId = app.get("client_id").asString();
        String secret = app.get("client_secret").asString();
        assertThat(secretWorks(clientId, secret)).isTrue();
        JsonNode listed = Json.of(owner.browser.get("/api/v1/apps", "Authorization", ownerAuth).body());
        assertThat(listed.get("items").toString()).contains(clientId).doesNotContain(secret).doesNotContain("client_secret");
        // and the other person neither sees nor changes it
        assertThat(Json.of(other.browser.get("/api/v1/apps", "Authorization", otherAuth).body()).get("items").toString())
                .doesNotContain(clientId);
        assertThat(other.browser.postJson("/api/v1/apps/" + clientId + "/secret", "", "Authorization", otherAuth)
                .statusCode()).isEqualTo(404);
        assertThat(other.browser.send("DELETE", "/api/v1/apps/" + clientId, "", "Authorization", otherAuth)
                .statusCode()).isEqualTo(404);

        // when the owner rotates the secret
        HttpResponse<String> rotated = owner.browser.postJson("/api/v1/apps/" + clientId + "/secret", "",
                "Authorization", ownerAuth);

        // then only the new one works
        String newSecret = Json.of(rotated.body()).get("client_secret").asString();
        assertThat(secretWorks(clientId, secret)).isFalse();
        assertThat(secretWorks(clientId, newSecret)).isTrue();

        // and once deleted, the app is gone
        assertThat(owner.browser.send("DELETE", "/api/v1/apps/" + clientId, "", "Authorization", ownerAuth).statusCode())
                .isEqualTo(204);
        assertThat(secretWorks(clientId, newSecret)).isFalse();
    }

    @Test
    void refusesUnsafeRedirectUrisInTheConsole() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "dev");
        String auth = bearer(person);

        for (String uri : new String[] { "javascript:alert(1)", "data:text/html,hi", "http://my.example/callback",
                "https://my.example/cb#x", "https://*.example.com/cb" }) {
            // when
            HttpResponse<String> refused = newApp(person, auth, "public", uri);

            // then
            assertThat(refused.statusCode()).as(uri).isEqualTo(400);
            assertThat(Json.of(refused.body()).at("/error/code").asString()).isEqualTo("VALIDATION_ERROR");
        }
        // and a loopback address for a native app is fine, without a secret
        HttpResponse<String> native_ = newApp(person, auth, "public", "http://127.0.0.1:7777/callback");
        assertThat(native_.statusCode()).as(native_.body()).isEqualTo(201);
        assertThat(Json.of(native_.body()).has("client_secret")).isFalse();
    }

    @Test
    void refusesAnAppWithMissingOrNullMembersAsInvalid() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "devnull");
        String auth = bearer(person);

        for (String body : new String[] { "{}", "{\"name\":\"A\",\"redirect_uris\":[\"https://a.example/cb\"],\"scopes\":[\"posts:read\"]}",
                "{\"name\":\"A\",\"type\":\"public\",\"scopes\":[\"posts:read\"]}",
                "{\"name\":\"A\",\"type\":\"public\",\"redirect_uris\":[null],\"scopes\":[\"posts:read\"]}",
                "{\"type\":\"public\",\"redirect_uris\":[\"https://a.example/cb\"],\"scopes\":[\"posts:read\"]}" }) {
            // when
            HttpResponse<String> refused = person.browser.postJson("/api/v1/apps", body, "Authorization", auth);

            // then
            assertThat(refused.statusCode()).as(body).isEqualTo(400);
            assertThat(Json.of(refused.body()).at("/error/code").asString()).as(body).isEqualTo("VALIDATION_ERROR");
        }
    }

    private HttpResponse<String> registerWith(String members) {
        return new HttpSession(base()).postJson("/connect/register", """
                {"redirect_uris":["https://app.example/callback"],"scope":"openid users:read",%s}""".formatted(members),
                "Authorization", "Bearer " + initialAccessToken());
    }

    private static void assertInvalidMetadata(HttpResponse<String> answer, String what) {
        assertThat(answer.statusCode()).as(what + ": " + answer.body()).isEqualTo(400);
        assertThat(Json.of(answer.body()).get("error").asString()).as(what).isEqualTo("invalid_client_metadata");
        assertThat(answer.body()).as(what).doesNotContainIgnoringCase("insert").doesNotContainIgnoringCase("sql")
                .doesNotContain("Exception");
    }

    @Test
    void refusesUrlsTheServiceWouldRequestOnInternalAddresses() {
        for (String uri : new String[] { "https://169.254.169.254/latest/meta-data", "https://[::1]/logout",
                "http://[::1]:8080/logout", "http://localhost:8080/actuator/repair", "https://10.0.0.1/logout",
                "https://[fd00:ec2::254]/logout", "https://localhost/logout" }) {
            // when
            HttpResponse<String> logout = registerWith("\"backchannel_logout_uri\":\"%s\"".formatted(uri));
            HttpResponse<String> jwks = registerWith(("\"token_endpoint_auth_method\":\"private_key_jwt\","
                    + "\"token_endpoint_auth_signing_alg\":\"RS256\",\"jwks_uri\":\"%s\"")
                    .formatted(uri.replace("http://", "https://")));

            // then
            assertInvalidMetadata(logout, "backchannel_logout_uri " + uri);
            assertInvalidMetadata(jwks, "jwks_uri " + uri);
        }
        // and a public host is fine
        HttpResponse<String> fine = registerWith("\"backchannel_logout_uri\":\"https://93.184.216.34/logout\"");
        assertThat(fine.statusCode()).as(fine.body()).isEqualTo(201);
    }

    @Test
    void grantsOnlyWhatThePolicyAllows() {
        for (String grant : new String[] { "implicit", "client_credentials", "urn:ietf:params:oauth:grant-type:token-exchange",
                "urn:ietf:params:oauth:grant-type:device_code", "password" }) {
            // when
            HttpResponse<String> asked = registerWith("\"grant_types\":[\"authorization_code\",\"%s\"]".formatted(grant));

            // then
            assertInvalidMetadata(asked, grant);
        }
        assertInvalidMetadata(registerWith("\"response_types\":[\"token\"]"), "response_types token");
        HttpResponse<String> allowed = registerWith("\"grant_types\":[\"authorization_code\",\"refresh_token\"]");
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(201);
        assertThat(Json.of(allowed.body()).get("grant_types").toString()).doesNotContain("implicit", "client_credentials");
    }

    @Test
    void namesFollowTheTextRulesAndCannotPoseAsTheService() {
        for (String name : new String[] { "Roost", "roost", "R00ST", "Ro ost", "Roost Support", "R\u043e\u043est",
                "\uff32\uff4f\uff4f\uff53\uff54", "x".repeat(201), "x".repeat(101), "Evil\u202eppA", " " }) {
            // when
            HttpResponse<String> named = registerWith("\"client_name\":\"%s\"".formatted(name));

            // then
            assertInvalidMetadata(named, name);
        }
        HttpResponse<String> fine = registerWith("\"client_name\":\"Nest Reader\"");
        assertThat(fine.statusCode()).as(fine.body()).isEqualTo(201);
    }

    @Test
    void refusesAnAppPosingAsTheServiceInTheConsole() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "dev");

        // when
        HttpResponse<String> refused = person.browser.postJson("/api/v1/apps", """
                {"name":"Roost Official","redirect_uris":["https://my.example/cb"],"type":"public","scopes":["openid"]}""",
                "Authorization", bearer(person));

        // then
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(Json.of(refused.body()).at("/error/code").asString()).isEqualTo("VALIDATION_ERROR");
    }

    @Test
    void postLogoutRedirectUrisFollowTheRedirectRules() {
        for (String uri : new String[] { "javascript:alert(1)", "http://evil.example/", "https://app.example/#x",
                "https://*.example/" }) {
            // when
            HttpResponse<String> registered = registerWith("\"post_logout_redirect_uris\":[\"%s\"]".formatted(uri));

            // then
            assertThat(registered.statusCode()).as(uri).isEqualTo(400);
            assertThat(Json.of(registered.body()).get("error").asString()).as(uri).isIn("invalid_client_metadata",
                    "invalid_redirect_uri");
        }
    }

    @Test
    void aRegisteredClientMayRequirePushedAuthorizationRequests() {
        // given
        HttpResponse<String> registered = registerWith("\"require_pushed_authorization_requests\":true");
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        JsonNode client = Json.of(registered.body());
        String clientId = client.get("client_id").asString();

        // when it sends its request in the URL, spelled two ways
        HttpResponse<String> direct = new HttpSession(base()).get("/oauth2/authorize?response_type=code&client_id="
                + clientId + "&redirect_uri=https://app.example/callback&scope=users:read&state=s");
        HttpResponse<String> encoded = new HttpSession(base()).get("/oauth2/%61uthorize?response_type=code&client_id="
                + clientId + "&redirect_uri=https://app.example/callback&scope=users:read&state=s&request_uri=");

        // then
        assertThat(registered.body()).contains("\"require_pushed_authorization_requests\":true");
        assertThat(direct.statusCode()).as(direct.body()).isEqualTo(400);
        assertThat(Json.of(direct.body()).get("error").asString()).isEqualTo("invalid_request");
        // an encoded letter is refused before any endpoint (docs/security.md, "Paths")
        assertThat(encoded.statusCode()).as(encoded.body()).isEqualTo(400);
        assertThat(Json.of(encoded.body()).path("error").path("code").asString()).isEqualTo("MALFORMED_REQUEST");
    }

    @Test
    void theConsentPageNamesTheRegistrarNotTheOperator() {
        // given a client registered dynamically under the service's own-looking name is refused, so a plain one
        HttpResponse<String> registered = new HttpSession(base()).postJson("/connect/register", """
                {"client_name":"Dyn app","redirect_uris":["https://app.example/callback"],"grant_types":["authorization_code"],
                 "response_types":["code"],"scope":"openid users:read","token_endpoint_auth_method":"none"}""",
                "Authorization", "Bearer " + initialAccessToken());
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        String clientId = Json.of(registered.body()).get("client_id").asString();
        OAuthPerson person = OAuthPerson.signUp(base(), "consent");
        person.signIn("/signin");

        // when
        HttpResponse<String> consent = person.follow(person.browser.get("/oauth2/authorize?response_type=code&client_id="
                + clientId + "&redirect_uri=https://app.example/callback&scope=openid%20users:read&state=s"
                + "&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));

        // then
        assertThat(consent.statusCode()).as(consent.body()).isEqualTo(200);
        assertThat(consent.body()).contains("id=\"allow\"").doesNotContain("operator")
                .contains("registered by the application test-registrar");
    }
}
