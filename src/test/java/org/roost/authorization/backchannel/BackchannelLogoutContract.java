package org.roost.authorization.backchannel;

import java.net.http.HttpResponse;
import java.time.Duration;

import com.nimbusds.jwt.JWTClaimsSet;
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
 * OIDC Back-Channel Logout over real HTTP: a client registered with a logout URI (a real HTTP server in the test)
 * is sent a signed logout token when the person signs out, checked against the server's JWKS. Run on PostgreSQL
 * and on H2.
 */
abstract class BackchannelLogoutContract {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String REDIRECT = "http://127.0.0.1:9/callback";

    @LocalServerPort
    int port;

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    private String base() {
        return "http://localhost:" + port;
    }

    /** A client registered dynamically with {@code backchannel_logout_uri}: its id and secret. */
    private JsonNode register(String logoutUri) {
        HttpResponse<String> token = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "client_credentials", "scope", "client.create"),
                "Authorization", OAuthPerson.basic("test-registrar", "registrar-secret"));
        assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
        HttpResponse<String> registered = new HttpSession(base()).postJson("/connect/register", """
                {"client_name":"Logout app","redirect_uris":["%s"],"grant_types":["authorization_code"],
                 "response_types":["code"],"scope":"openid users:read","token_endpoint_auth_method":"client_secret_basic",
                 "backchannel_logout_uri":"%s","backchannel_logout_session_required":true}"""
                .formatted(REDIRECT, logoutUri), "Authorization", "Bearer " + Json.of(token.body()).get("access_token").asString());
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        return Json.of(registered.body());
    }

    /** The person signs in for the client; returns the ID token it gets. */
    private String idToken(OAuthPerson person, JsonNode client) {
        String clientId = client.get("client_id").asString();
        String verifier = java.util.UUID.randomUUID() + "-" + java.util.UUID.randomUUID();
        String callback = person.authorize("/oauth2/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + REDIRECT + "&scope=openid&state=s1&code_challenge_method=S256&code_challenge="
                + challenge(verifier));
        assertThat(callback).contains("code=");
        String code = callback.replaceAll(".*[?&]code=([^&]+).*", "$1");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "authorization_code", "code", code, "redirect_uri", REDIRECT, "code_verifier", verifier),
                "Authorization", OAuthPerson.basic(clientId, client.get("client_secret").asString()));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("id_token").asString();
    }

    static String challenge(String verifier) {
        try {
            return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(java.security.MessageDigest
                    .getInstance("SHA-256").digest(verifier.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        }
        catch (java.security.NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void discoveryAdvertisesBackchannelLogout() {
        for (String path : new String[] { "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server" }) {
            JsonNode metadata = Json.of(new HttpSession(base()).get(path).body());
            assertThat(metadata.get("backchannel_logout_supported").asBoolean()).as(path).isTrue();
            assertThat(metadata.get("backchannel_logout_session_supported").asBoolean()).as(path).isTrue();
        }
    }

    @Test
    void registrationKeepsAndShowsTheLogoutUriAndRefusesAnUnsafeOne() {
        // when
        JsonNode client = register("https://rp.example/logout");
        HttpResponse<String> read = new HttpSession(base()).get(client.get("registration_client_uri").asString(),
                "Authorization", "Bearer " + client.get("registration_access_token").asString());

        // then
        assertThat(client.get("backchannel_logout_uri").asString()).isEqualTo("https://rp.example/logout");
        assertThat(client.get("backchannel_logout_session_required").asBoolean()).isTrue();
        assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
        assertThat(Json.of(read.body()).get("backchannel_logout_uri").asString()).isEqualTo("https://rp.example/logout");
        HttpResponse<String> token = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "client_credentials", "scope", "client.create"),
                "Authorization", OAuthPerson.basic("test-registrar", "registrar-secret"));
        HttpResponse<String> unsafe = new HttpSession(base()).postJson("/connect/register", """
                {"redirect_uris":["%s"],"backchannel_logout_uri":"http://rp.example/logout#x"}""".formatted(REDIRECT),
                "Authorization", "Bearer " + Json.of(token.body()).get("access_token").asString());
        assertThat(unsafe.statusCode()).isEqualTo(400);
        assertThat(Json.of(unsafe.body()).get("error").asString()).isEqualTo("invalid_client_metadata");
    }

    @Test
    void rpInitiatedLogoutSendsASignedLogoutTokenForTheSession() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(0)) {
            // given a person signed in to a client with a logout URI
            JsonNode client = register(receiver.uri());
            OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
            String idToken = idToken(person, client);
            JsonNode idClaims = OAuthPerson.jwtPart(idToken, 1);
            assertThat(idClaims.path("sid").asString("")).isNotBlank();

            // when they sign out at the end-session endpoint
            HttpResponse<String> logout = person.browser.get("/connect/logout?id_token_hint=" + idToken);

            // then the client is sent a logout token naming the person and the session, signed by the server
            assertThat(logout.statusCode()).isEqualTo(302);
            JWTClaimsSet claims = LogoutTokenCheck.verified(receiver.next(WAIT), base(), idClaims.get("iss").asString(),
                    client.get("client_id").asString(), person.id, idClaims.get("sid").asString());
            assertThat(claims.getExpirationTime()).isAfter(claims.getIssueTime());
            assertThat(receiver.more(Duration.ofSeconds(2))).isEmpty();
        }
    }

    @Test
    void retriesAfterTheClientFailsOnceWithTheSameJti() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(1)) {
            // given
            JsonNode client = register(receiver.uri());
            OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
            String idToken = idToken(person, client);
            JsonNode idClaims = OAuthPerson.jwtPart(idToken, 1);

            // when
            person.browser.get("/connect/logout?id_token_hint=" + idToken);

            // then the first attempt is answered 500 and the next one is taken
            String failed = receiver.next(WAIT);
            String delivered = receiver.next(WAIT);
            JWTClaimsSet claims = LogoutTokenCheck.verified(delivered, base(), idClaims.get("iss").asString(),
                    client.get("client_id").asString(), person.id, idClaims.get("sid").asString());
            assertThat(OAuthPerson.jwtPart(failed, 1).get("jti").asString()).isEqualTo(claims.getJWTID());
            assertThat(receiver.more(Duration.ofSeconds(3))).isEmpty();
        }
    }

    @Test
    void aNewPasswordEndsEverySessionAndTellsTheClient() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(0)) {
            // given
            JsonNode client = register(receiver.uri());
            OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
            String idToken = idToken(person, client);
            JsonNode idClaims = OAuthPerson.jwtPart(idToken, 1);
            String bearer = "Bearer " + person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);

            // when
            HttpResponse<String> changed = new HttpSession(base()).send("PATCH", "/api/v1/users/" + person.id,
                    "{\"password\":\"another long password\",\"current_password\":\"%s\"}".formatted(ApiClient.PASSWORD),
                    "Authorization", bearer);

            // then
            assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
            LogoutTokenCheck.verified(receiver.next(WAIT), base(), idClaims.get("iss").asString(),
                    client.get("client_id").asString(), person.id, idClaims.get("sid").asString());
        }
    }

    @Test
    void theWebAppsSignOutEndsTheBrowsersSignInSessionAndTellsTheClient() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(0)) {
            // given a person signed in to a client and, in the same browser, to the web app
            JsonNode client = register(receiver.uri());
            OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
            JsonNode idClaims = OAuthPerson.jwtPart(idToken(person, client), 1);
            HttpResponse<String> login = person.browser.postJson("/login",
                    "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(person.username, ApiClient.PASSWORD));
            assertThat(login.statusCode()).as(login.body()).isEqualTo(200);

            // when they sign out of the web app
            HttpResponse<String> logout = person.browser.postJson("/logout", "",
                    "X-XSRF-TOKEN", person.browser.cookies().get("XSRF-TOKEN"));

            // then the client is told, and the authorization server asks for a sign-in again
            assertThat(logout.statusCode()).as(logout.body()).isEqualTo(204);
            LogoutTokenCheck.verified(receiver.next(WAIT), base(), idClaims.get("iss").asString(),
                    client.get("client_id").asString(), person.id, idClaims.get("sid").asString());
            assertThat(signInAsked(person, client)).isTrue();
        }
    }

    @Test
    void signingOutEverywhereElseTellsTheClient() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(0)) {
            // given
            JsonNode client = register(receiver.uri());
            OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
            JsonNode idClaims = OAuthPerson.jwtPart(idToken(person, client), 1);
            String bearer = "Bearer " + new HttpSession(base()).firstPartyToken(person.username, ApiClient.PASSWORD);

            // when
            HttpResponse<String> signedOut = new HttpSession(base()).postJson(
                    "/api/v1/users/" + person.id + "/devices/sign-out-others", "", "Authorization", bearer);

            // then
            assertThat(signedOut.statusCode()).as(signedOut.body()).isEqualTo(204);
            LogoutTokenCheck.verified(receiver.next(WAIT), base(), idClaims.get("iss").asString(),
                    client.get("client_id").asString(), person.id, idClaims.get("sid").asString());
            assertThat(signInAsked(person, client)).isTrue();
        }
    }

    /** Whether authorizing the client again sends the browser to the sign-in form (its sign-in session ended). */
    private boolean signInAsked(OAuthPerson person, JsonNode client) {
        HttpResponse<String> again = person.browser.get("/oauth2/authorize?response_type=code&client_id="
                + client.get("client_id").asString() + "&redirect_uri=" + REDIRECT + "&scope=openid&code_challenge_method=S256"
                + "&code_challenge=" + challenge("another verifier of enough length for pkce rules 0123456789"));
        return again.statusCode() == 302 && again.headers().firstValue("Location").orElseThrow().endsWith("/signin");
    }

    @Test
    void aClientWithoutALogoutUriIsNotCalledAndSignOutStillWorks() throws Exception {
        // given a client registered without a logout URI
        OAuthPerson person = OAuthPerson.signUp(base(), "bcl");
        HttpResponse<String> token = new HttpSession(base()).postForm("/oauth2/token",
                form("grant_type", "client_credentials", "scope", "client.create"),
                "Authorization", OAuthPerson.basic("test-registrar", "registrar-secret"));
        JsonNode client = Json.of(new HttpSession(base()).postJson("/connect/register", """
                {"redirect_uris":["%s"],"grant_types":["authorization_code"],"scope":"openid",
                 "token_endpoint_auth_method":"client_secret_basic"}""".formatted(REDIRECT),
                "Authorization", "Bearer " + Json.of(token.body()).get("access_token").asString()).body());
        String idToken = idToken(person, client);

        // when
        HttpResponse<String> logout = person.browser.get("/connect/logout?id_token_hint=" + idToken);

        // then
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(logout.headers().firstValue("Location")).hasValue(base() + "/");
        assertThat(signInAsked(person, client)).isTrue();
    }

    private void queue(String id, String logoutUri) {
        jdbc.sql("INSERT INTO backchannel_deliveries (id, client_id, logout_uri, issuer, subject, sid, attempts, "
                        + "next_attempt_at, deadline) VALUES (:id, 'rebound-client', :uri, :issuer, '1', 'sid', 0, :now, :deadline)")
                .param("id", id).param("uri", logoutUri).param("issuer", base())
                .param("now", java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC).minusSeconds(1))
                .param("deadline", java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC).plusMinutes(2)).update();
    }

    @Test
    void aLogoutUriWhoseHostNowResolvesToLoopbackIsRefusedAtConnectAndNotRetried() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(0)) {
            // given two due deliveries to the same receiver: one by the allowed 127.0.0.1, one by a name that resolves
            // there (as a registered host does once its DNS is rebound)
            String rebound = java.util.UUID.randomUUID().toString();
            String allowed = java.util.UUID.randomUUID().toString();
            queue(rebound, receiver.uri().replace("127.0.0.1", "localhost"));
            queue(allowed, receiver.uri());

            // when they are delivered, then the allowed one arrives
            assertThat(receiver.next(WAIT)).isNotBlank();
            // and the rebound one is given up at once, never sent
            org.awaitility.Awaitility.await().atMost(WAIT).until(() -> jdbc.sql(
                    "SELECT COUNT(*) FROM backchannel_deliveries WHERE id = :id").param("id", rebound).query(Long.class).single() == 0);
            assertThat(receiver.more(Duration.ofMillis(500))).isEmpty();
        }
    }
}
