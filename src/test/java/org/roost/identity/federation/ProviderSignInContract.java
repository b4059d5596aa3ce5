package org.roost.identity.federation;

import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.NodeTools;
import org.roost.identity.user.UserService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signing in with another provider, over real HTTP against a real OpenID provider ({@link TestProvider}): which
 * account each sign-in opens, linking from settings, removing a link, and the refusals. A subclass picks the service
 * (its database) with the provider registered.
 */
abstract class ProviderSignInContract {

    static final String START = "/oauth2/authorization/test";

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    abstract String issuer();

    abstract TestProvider provider();

    @BeforeEach
    void requireNode() {
        NodeTools.requireNode(TestProvider.NEEDS_NODE); // the provider runs on it; without node none is registered
    }

    ProviderBrowser browser() {
        return new ProviderBrowser(new HttpSession("http://localhost:" + port), issuer());
    }

    /** A login name at the provider no earlier run used: its address is {@code <login>@example.test}. */
    /** A redirect's target without the origin (Roost's redirects are absolute). */
    static String path(String location) {
        java.net.URI uri = java.net.URI.create(location);
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    static String login(String prefix) {
        return ApiClient.uniqueUsername(prefix).replace('_', '-');
    }

    /** Follows Roost's answer to the callback to the web app's session, and answers who is signed in. */
    static JsonNode signedIn(ProviderBrowser browser, HttpResponse<String> callback) {
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        String ticketed = path(ProviderBrowser.location(callback));
        assertThat(ticketed).startsWith("/auth/federated/session?ticket=");
        HttpResponse<String> session = browser.roost().get(ticketed);
        assertThat(session.statusCode()).as(session.body()).isEqualTo(302);
        assertThat(path(ProviderBrowser.location(session))).isEqualTo("/");
        HttpResponse<String> me = browser.roost().postJson("/graphql", "{\"query\":\"{ me { id username name email emailVerified } }\"}",
                "X-XSRF-TOKEN", browser.roost().cookies().get("XSRF-TOKEN"));
        assertThat(me.statusCode()).isEqualTo(200);
        JsonNode user = Json.of(me.body()).path("data").path("me");
        assertThat(user.isObject()).as(me.body()).isTrue();
        return user;
    }

    static JsonNode identities(HttpSession roost, String userId) {
        HttpResponse<String> list = roost.get("/api/v1/users/" + userId + "/identities");
        assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
        return Json.of(list.body());
    }

    String signUp(HttpSession roost, String username, String email) {
        HttpResponse<String> created = roost.postJson("/api/v1/users", ("{\"username\":\"%s\",\"name\":\"Local\",\"password\":\"%s\""
                + (email == null ? "" : ",\"email\":\"" + email + "\"") + "}").formatted(username, ApiClient.PASSWORD));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        HttpResponse<String> login = roost.postJson("/login",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(login.statusCode()).isEqualTo(200);
        return Json.of(created.body()).get("id").asString();
    }

    @Test
    void listsTheConfiguredProvider() {
        HttpResponse<String> providers = browser().roost().get("/auth/providers");

        assertThat(providers.statusCode()).isEqualTo(200);
        JsonNode items = Json.of(providers.body()).path("items");
        assertThat(items).hasSize(1);
        assertThat(items.get(0).path("id").asString()).isEqualTo("test");
        assertThat(items.get(0).path("name").asString()).isEqualTo(TestProvider.NAME);
        assertThat(items.get(0).path("start").asString()).isEqualTo(START);
    }

    @Test
    void createsAnAccountForAVerifiedAddressNobodyHasHereAndSignsInAgainByTheLink() {
        // given a person unknown here, whose address the provider verified
        String login = login("newcomer");

        // when they sign in with the provider
        ProviderBrowser browser = browser();
        JsonNode user = signedIn(browser, browser.signIn(START, login));

        // then a new account exists, named after the provider's preferred_username, with the address verified
        assertThat(user.path("username").asString()).isEqualTo(login);
        assertThat(user.path("name").asString()).isEqualTo("Provider " + login);
        assertThat(user.path("email").asString()).isEqualTo(login + "@example.test");
        assertThat(user.path("emailVerified").asBoolean()).isTrue();
        JsonNode identities = identities(browser.roost(), user.path("id").asString());
        assertThat(identities.path("password_set").asBoolean()).isFalse();
        assertThat(identities.path("items")).hasSize(1);
        assertThat(identities.path("items").get(0).path("provider").asString()).isEqualTo("test");
        assertThat(identities.path("items").get(0).path("issuer").asString()).isEqualTo(issuer());
        assertThat(identities.path("items").get(0).path("subject").asString()).isEqualTo(login);

        // and the next sign-in, in another browser, opens the same account
        ProviderBrowser again = browser();
        assertThat(signedIn(again, again.signIn(START, login)).path("id").asString()).isEqualTo(user.path("id").asString());

        // and the only way into the account cannot be removed
        String identity = identities.path("items").get(0).path("id").asString();
        HttpResponse<String> removal = again.roost().send("DELETE", "/api/v1/users/" + user.path("id").asString()
                + "/identities/" + identity, "", "X-XSRF-TOKEN", again.roost().cookies().get("XSRF-TOKEN"));
        assertThat(removal.statusCode()).isEqualTo(409);
        assertThat(Json.of(removal.body()).path("error").path("code").asString()).isEqualTo("CONFLICT");
    }

    @Test
    void signsInOnTheAuthorizationServersPageAndResumesThePendingRequest() throws Exception {
        // given an app that sends a browser to authorize, and a person with a provider account
        String login = login("oauth");
        ProviderBrowser browser = browser();
        String verifier = org.roost.platform.shared.RandomSecrets.newSecret();
        String challenge = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(java.security.MessageDigest
                .getInstance("SHA-256").digest(verifier.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        HttpResponse<String> toSignIn = browser.roost().get("/oauth2/authorize?response_type=code&client_id=roost-demo-app"
                + "&redirect_uri=http://127.0.0.1:8081/callback&scope=openid%20profile&state=state-7"
                + "&code_challenge=" + challenge + "&code_challenge_method=S256");
        assertThat(toSignIn.statusCode()).isEqualTo(302);
        HttpResponse<String> signInPage = browser.roost().get(ProviderBrowser.location(toSignIn));
        assertThat(signInPage.body()).contains("Sign in with " + TestProvider.NAME, "action=\"" + START + "\"",
                "name=\"purpose\" value=\"authorize\"");

        // when they choose the provider there and sign in at it
        HttpResponse<String> callback = browser.signIn(START + "?purpose=authorize", login);
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        assertThat(path(ProviderBrowser.location(callback))).isEqualTo("/signin/provider");
        HttpResponse<String> handedOver = browser.roost().get(ProviderBrowser.location(callback));
        assertThat(handedOver.statusCode()).isEqualTo(302);
        HttpResponse<String> resumed = browser.roost().get(ProviderBrowser.location(handedOver));

        // then the pending authorization request resumes, signed in as their (new) account: consent, then the code
        assertThat(resumed.statusCode()).isEqualTo(302);
        HttpResponse<String> consent = browser.roost().get(ProviderBrowser.location(resumed));
        assertThat(consent.statusCode()).isEqualTo(200);
        assertThat(consent.body()).contains("signed in as " + login);
        org.roost.support.HtmlForm allow = org.roost.support.HtmlForm.all(consent.body()).getFirst();
        HttpResponse<String> code = browser.roost().postForm(allow.action(), allow.fields());
        assertThat(code.statusCode()).isEqualTo(302);
        assertThat(ProviderBrowser.location(code)).startsWith("http://127.0.0.1:8081/callback?code=").contains("state=state-7");

        // and its ID token says no password was used (no amr: the provider's code is no RFC 8176 method)
        String authorizationCode = java.net.URI.create(ProviderBrowser.location(code)).getQuery().replaceFirst("^code=([^&]+).*$", "$1");
        HttpResponse<String> tokens = new HttpSession("http://localhost:" + port).postForm("/oauth2/token", java.util.List.of(
                java.util.Map.entry("grant_type", "authorization_code"), java.util.Map.entry("code", authorizationCode),
                java.util.Map.entry("redirect_uri", "http://127.0.0.1:8081/callback"),
                java.util.Map.entry("client_id", "roost-demo-app"), java.util.Map.entry("code_verifier", verifier)));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        String idToken = Json.of(tokens.body()).path("id_token").asString();
        JsonNode claims = Json.of(new String(java.util.Base64.getUrlDecoder().decode(idToken.split("\\.")[1]),
                java.nio.charset.StandardCharsets.UTF_8));
        assertThat(claims.has("amr")).as(claims.toString()).isFalse();
        assertThat(claims.path("auth_time").isNumber()).isTrue();
    }

    /** What an authenticator app shows, {@code offset} 30-second steps from now (a code is accepted once). */
    static String code(String secret, int offset) throws Exception {
        var totp = new com.eatthepath.otp.TimeBasedOneTimePasswordGenerator(java.time.Duration.ofSeconds(30));
        var key = new javax.crypto.spec.SecretKeySpec(new org.apache.commons.codec.binary.Base32().decode(secret), totp.getAlgorithm());
        return "%06d".formatted(totp.generateOneTimePassword(key, java.time.Instant.now().plusSeconds(30L * offset)));
    }

    @Test
    void asksATwoFactorAccountForItsCodeAfterTheProvider() throws Exception {
        // given an account with two-factor sign-in on, whose verified address a provider account asserts
        String login = login("twofactor");
        HttpSession local = new HttpSession("http://localhost:" + port);
        String id = signUp(local, ApiClient.uniqueUsername("guarded"), login + "@example.test");
        assertThat(users.markEmailVerified(Long.parseLong(id), login + "@example.test")).isTrue();
        String xsrf = local.cookies().get("XSRF-TOKEN");
        String secret = Json.of(local.postJson("/api/v1/users/" + id + "/two-factor", "", "X-XSRF-TOKEN", xsrf).body())
                .path("secret").asString();
        assertThat(local.postJson("/api/v1/users/" + id + "/two-factor/confirm", "{\"current_password\":\"%s\",\"code\":\"%s\"}"
                .formatted(ApiClient.PASSWORD, code(secret, 0)), "X-XSRF-TOKEN", xsrf).statusCode()).isEqualTo(200);

        // when the provider account signs in by that address alone (issue 30: linked before the code was asked)
        HttpResponse<String> byAddress = browser().signIn(START, login);

        // then nothing is linked: the owner signs in with password and code and links from settings
        assertThat(byAddress.statusCode()).isEqualTo(409);
        assertThat(byAddress.body()).contains("data-reason=\"link_needs_second_factor\"");
        assertThat(identities(local, id).path("items")).isEmpty();
        HttpResponse<String> start = local.postJson("/api/v1/users/" + id + "/identities/link-requests",
                "{\"provider\":\"test\"}", "X-XSRF-TOKEN", xsrf);
        assertThat(start.statusCode()).as(start.body()).isEqualTo(200);
        assertThat(new ProviderBrowser(local, issuer()).signIn(Json.of(start.body()).path("location").asString(), login)
                .statusCode()).isEqualTo(302);

        // when they then sign in with the provider in the web app
        ProviderBrowser browser = browser();
        HttpResponse<String> callback = browser.signIn(START, login);
        HttpResponse<String> step = browser.roost().get(path(ProviderBrowser.location(callback)));

        // then no session yet: the sign-in page asks for the code, which finishes the sign-in
        assertThat(step.statusCode()).isEqualTo(302);
        assertThat(path(ProviderBrowser.location(step))).isEqualTo("/login");
        String fragment = "#" + java.net.URI.create(ProviderBrowser.location(step)).getRawFragment();
        assertThat(fragment).startsWith("#second-factor=");
        assertThat(browser.roost().cookies()).doesNotContainKey("SESSION");
        HttpResponse<String> finished = browser.roost().postJson("/login/second-factor", "{\"step_token\":\"%s\",\"code\":\"%s\"}"
                .formatted(fragment.substring("#second-factor=".length()), code(secret, 1)));
        assertThat(finished.statusCode()).as(finished.body()).isEqualTo(200);
        assertThat(Json.of(finished.body()).path("id").asString()).isEqualTo(id);
    }

    @Test
    void takesANameThatIsFreeWhenThePreferredOneIsTaken() {
        // given an account here already called what the provider prefers
        String login = login("taken");
        signUp(new HttpSession("http://localhost:" + port), login, null);

        // when someone else with that preferred_username signs in with the provider
        ProviderBrowser browser = browser();
        JsonNode user = signedIn(browser, browser.signIn(START, login));

        // then their new account gets the name with a number
        assertThat(user.path("username").asString()).isEqualTo(login + "-2");
    }

    @Test
    void linksTheAccountThatVerifiedTheSameAddress() {
        // given an account here whose owner verified the address the provider asserts
        String login = login("verified");
        HttpSession local = new HttpSession("http://localhost:" + port);
        String id = signUp(local, ApiClient.uniqueUsername("local"), login + "@example.test");
        assertThat(users.markEmailVerified(Long.parseLong(id), login + "@example.test")).isTrue();

        // when they sign in with the provider
        ProviderBrowser browser = browser();
        JsonNode user = signedIn(browser, browser.signIn(START, login));

        // then they are in their own account, now linked
        assertThat(user.path("id").asString()).isEqualTo(id);
        assertThat(identities(local, id).path("items")).hasSize(1);
        assertThat(identities(local, id).path("password_set").asBoolean()).isTrue();
    }

    @Test
    void refusesWhenTheAccountHereNeverConfirmedTheAddress() {
        // given an account here that gave the address but never confirmed it
        String login = login("unconfirmed");
        HttpSession local = new HttpSession("http://localhost:" + port);
        String id = signUp(local, ApiClient.uniqueUsername("local"), login.toUpperCase(java.util.Locale.ROOT) + "@example.test");

        // when someone signs in with a provider account asserting that address
        HttpResponse<String> callback = browser().signIn(START, login);

        // then nothing is opened, created or linked: a page says to sign in and link from settings
        assertThat(callback.statusCode()).isEqualTo(409);
        assertThat(callback.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(callback.body()).contains("Link this provider from settings first", "data-reason=\"email_unverified_here\"")
                .contains("href=\"/login\"");
        assertThat(callback.headers().allValues("Set-Cookie")).noneMatch(cookie -> cookie.startsWith("ROOST_FEDERATION"));
        assertThat(identities(local, id).path("items")).isEmpty();
        assertThat(users.findByUsername(login)).isEmpty();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void givesUpOnAProviderThatStopsAnsweringWithinTheOutboundTimeouts() throws Exception {
        // given someone signed in at the provider, on their way back with a code
        String login = login("hung");
        ProviderBrowser browser = browser();
        java.net.URI callback = browser.callbackAfterSigningIn(START, login);

        // when the provider hangs before Roost exchanges the code (it takes the connection and never answers)
        HttpResponse<String> answer;
        try (TestProvider.Paused hung = provider().pause()) {
            answer = browser.roost().get(callback.toString());
        }

        // then Roost gives up after roost.outbound.read-timeout (Spring Security's own token client would wait on,
        // past this test's limit) and says the sign-in did not complete; nobody is signed in or created
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(answer.body()).contains("data-reason=\"provider_failed\"");
        assertThat(answer.headers().allValues("Set-Cookie")).noneMatch(cookie -> cookie.startsWith("ROOST_FEDERATION"));
        assertThat(users.findByUsername(login)).isEmpty();
    }

    @Test
    void refusesAnAddressTheProviderDidNotVerify() {
        String login = login("doubtful") + "-unverified";

        HttpResponse<String> callback = browser().signIn(START, login);

        assertThat(callback.statusCode()).isEqualTo(403);
        assertThat(callback.body()).contains("not verified by this provider", "Settings");
        assertThat(users.findByUsername(login)).isEmpty();
    }

    @Test
    void linksFromSettingsThenRemovesTheLink() {
        // given a signed-in account with a password, whose provider account's address is unverified
        HttpSession roost = new HttpSession("http://localhost:" + port);
        String id = signUp(roost, ApiClient.uniqueUsername("linker"), null);
        String login = login("linked") + "-unverified";

        // when they ask settings to link the provider, and sign in there
        HttpResponse<String> start = roost.postJson("/api/v1/users/" + id + "/identities/link-requests",
                "{\"provider\":\"test\"}", "X-XSRF-TOKEN", roost.cookies().get("XSRF-TOKEN"));
        assertThat(start.statusCode()).as(start.body()).isEqualTo(200);
        String location = Json.of(start.body()).path("location").asString();
        assertThat(location).startsWith(START + "?link=");
        HttpResponse<String> callback = new ProviderBrowser(roost, issuer()).signIn(location, login);

        // then they are back in settings, the provider account linked to theirs
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        assertThat(path(ProviderBrowser.location(callback))).isEqualTo("/settings?linked=test");
        JsonNode items = identities(roost, id).path("items");
        assertThat(items).hasSize(1);
        assertThat(items.get(0).path("provider_name").asString()).isEqualTo(TestProvider.NAME);
        assertThat(items.get(0).path("email").asString()).isEqualTo(login + "@example.test");

        // and a sign-in with that provider account opens their account (the link, not the unverified address)
        ProviderBrowser other = browser();
        assertThat(signedIn(other, other.signIn(START, login)).path("id").asString()).isEqualTo(id);

        // and, having a password, they can remove the link
        HttpResponse<String> removal = roost.send("DELETE", "/api/v1/users/" + id + "/identities/" + items.get(0).path("id").asString(),
                "", "X-XSRF-TOKEN", roost.cookies().get("XSRF-TOKEN"));
        assertThat(removal.statusCode()).isEqualTo(204);
        assertThat(identities(roost, id).path("items")).isEmpty();
    }

    @Test
    void refusesALinkStartedInAnotherBrowser() {
        // given a link request made in one browser
        HttpSession roost = new HttpSession("http://localhost:" + port);
        String id = signUp(roost, ApiClient.uniqueUsername("victim"), null);
        HttpResponse<String> start = roost.postJson("/api/v1/users/" + id + "/identities/link-requests",
                "{\"provider\":\"test\"}", "X-XSRF-TOKEN", roost.cookies().get("XSRF-TOKEN"));
        String location = Json.of(start.body()).path("location").asString();

        // when another browser is sent there (someone hoping to link their provider account to this user's)
        HttpResponse<String> elsewhere = new HttpSession("http://localhost:" + port).get(location);

        // then it is refused with a page, and never reaches the provider
        assertThat(elsewhere.statusCode()).isEqualTo(400);
        assertThat(elsewhere.body()).contains("This link request has expired");
        assertThat(identities(roost, id).path("items")).isEmpty();
    }

    @Test
    void refusesASignInTicketInAnotherBrowser() {
        // given a finished provider sign-in in one browser
        ProviderBrowser browser = browser();
        HttpResponse<String> callback = browser.signIn(START, login("ticket"));
        String ticketed = path(ProviderBrowser.location(callback));

        // when another browser presents its ticket (a login CSRF: signing a victim in to the attacker's account)
        HttpSession victim = new HttpSession("http://localhost:" + port);
        HttpResponse<String> answer = victim.get(ticketed);

        // then no session starts there
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("This sign-in has expired");
        assertThat(victim.cookies()).doesNotContainKey("SESSION");
    }

    @Test
    void onlyTheOwnerSeesOrChangesTheirLinks() {
        HttpSession owner = new HttpSession("http://localhost:" + port);
        String ownerId = signUp(owner, ApiClient.uniqueUsername("owner"), null);
        HttpSession other = new HttpSession("http://localhost:" + port);
        signUp(other, ApiClient.uniqueUsername("other"), null);

        HttpResponse<String> list = other.get("/api/v1/users/" + ownerId + "/identities");
        HttpResponse<String> link = other.postJson("/api/v1/users/" + ownerId + "/identities/link-requests",
                "{\"provider\":\"test\"}", "X-XSRF-TOKEN", other.cookies().get("XSRF-TOKEN"));
        HttpResponse<String> anonymous = new HttpSession("http://localhost:" + port).get("/api/v1/users/" + ownerId + "/identities");

        assertThat(list.statusCode()).isEqualTo(403);
        assertThat(link.statusCode()).isEqualTo(403);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(Json.of(list.body()).path("error").path("code").asString()).isEqualTo("FORBIDDEN");
    }

    @Test
    void answersBadInputWithTheErrorBodyOrAPage() {
        HttpSession roost = new HttpSession("http://localhost:" + port);
        String id = signUp(roost, ApiClient.uniqueUsername("careless"), null);
        String xsrf = roost.cookies().get("XSRF-TOKEN");

        HttpResponse<String> unknownProvider = roost.postJson("/api/v1/users/" + id + "/identities/link-requests",
                "{\"provider\":\"nope\"}", "X-XSRF-TOKEN", xsrf);
        HttpResponse<String> noLink = roost.send("DELETE", "/api/v1/users/" + id + "/identities/999999999", "", "X-XSRF-TOKEN", xsrf);
        HttpResponse<String> badId = roost.send("DELETE", "/api/v1/users/" + id + "/identities/abc", "", "X-XSRF-TOKEN", xsrf);
        HttpResponse<String> unknownStart = roost.get("/oauth2/authorization/nope");
        HttpResponse<String> forgedCallback = roost.get("/login/oauth2/code/test?code=forged&state=forged");
        HttpResponse<String> noTicket = roost.get("/auth/federated/session");

        assertThat(unknownProvider.statusCode()).isEqualTo(404);
        assertThat(Json.of(unknownProvider.body()).path("error").path("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(noLink.statusCode()).isEqualTo(404);
        assertThat(Json.of(noLink.body()).path("error").path("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(badId.statusCode()).isEqualTo(404);
        assertThat(unknownStart.statusCode()).isEqualTo(404);
        assertThat(unknownStart.body()).contains("No such sign-in provider");
        assertThat(forgedCallback.statusCode()).isEqualTo(400);
        assertThat(forgedCallback.body()).contains("<h1>").doesNotContain("Exception", "at org.");
        assertThat(noTicket.statusCode()).isEqualTo(400);
    }
}
