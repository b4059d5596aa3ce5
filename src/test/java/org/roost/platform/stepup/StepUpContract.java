package org.roost.platform.stepup;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import jakarta.servlet.http.Cookie;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roost.authorization.passkeys.SoftAuthenticator;
import org.roost.platform.shared.RandomSecrets;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.roost.support.TestMailServer;
import org.roost.support.SteppingClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Step-up for sensitive changes (issue 30: H4, M1 and the small ones of two-factor and passkeys): each change is refused
 * with {@code REAUTHENTICATION_REQUIRED} once the sign-in is older than the window (the clock is moved on, nobody
 * waits), allowed again after re-authenticating in place, and told to the owner's verified address by mail.
 */
abstract class StepUpContract {

    /** The service's own origin, which passkeys accept when roost.passkeys.allowed-origins is unset (PasskeyOrigins). */
    @org.springframework.boot.test.web.server.LocalServerPort
    int port;

    String origin() {
        return "http://localhost:" + port;
    }
    static final Duration PAST_THE_WINDOW = Duration.ofMinutes(11); // the window is 10 minutes (application.yml)

    @Autowired
    MockMvcTester mvc;
    @Autowired
    SteppingClock clock;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    UserCredentialRepository credentials;

    record Account(ApiClient.Login login, String email) {
    }

    @AfterEach
    void backToNow() {
        clock.reset();
    }

    ApiClient api() {
        return new ApiClient(mvc);
    }

    /** Signed up with an address, proved by following the mailed link, and signed in. */
    Account verifiedAccount(String prefix) {
        String email = TestMailServer.newAddress(prefix);
        String username = ApiClient.uniqueUsername(prefix);
        assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)).exchange()).hasStatus(201);
        String link = TestMailServer.awaitMessage(email, 1).link();
        assertThat(mvc.post().uri("/api/v1/email-verifications").contentType(MediaType.APPLICATION_JSON)
                .content("{\"token\":\"%s\"}".formatted(link.substring(link.indexOf("#token=") + 7))).exchange())
                .hasStatus(204);
        return new Account(api().login(username), email);
    }

    /** Waits for {@code count} messages, then answers the text of each. */
    static List<String> mailTo(String email, int count) {
        TestMailServer.awaitMessage(email, count);
        return TestMailServer.messagesTo(email).stream().map(TestMailServer.Mail::text).toList();
    }

    MvcTestResult reauthenticate(ApiClient.Login me, String body) {
        return me.apply(mvc.post().uri("/auth/reauthenticate")).contentType(MediaType.APPLICATION_JSON)
                .content(body).exchange();
    }

    MvcTestResult reauthenticate(ApiClient.Login me) {
        return reauthenticate(me, "{\"password\":\"%s\"}".formatted(ApiClient.PASSWORD));
    }

    static String code(String secret, Instant at) throws Exception {
        var totp = new TimeBasedOneTimePasswordGenerator(Duration.ofSeconds(30));
        return "%06d".formatted(totp.generateOneTimePassword(new SecretKeySpec(new Base32().decode(secret), totp.getAlgorithm()), at));
    }

    /** Turns two-factor sign-in on for {@code me}; answers the secret. */
    String enableTwoFactor(ApiClient.Login me) throws Exception {
        String base = "/api/v1/users/" + me.userId() + "/two-factor";
        String secret = Json.of(me.apply(mvc.post().uri(base)).exchange()).path("secret").asString();
        assertThat(me.apply(mvc.post().uri(base + "/confirm")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"current_password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD,
                        code(secret, clock.instant()))).exchange()).hasStatus(200);
        return secret;
    }

    MvcTestResult newApp(ApiClient.Login me) {
        return me.apply(mvc.post().uri("/api/v1/apps")).contentType(MediaType.APPLICATION_JSON).content(APP).exchange();
    }

    static final String APP = "{\"name\":\"Step app\",\"redirect_uris\":[\"https://step.example/cb\"],\"type\":\"confidential\","
            + "\"scopes\":[\"users:read\"]}";

    MvcTestResult registerPasskey(ApiClient.Login me, SoftAuthenticator key) {
        MvcTestResult options = me.apply(mvc.post().uri("/webauthn/register/options")).exchange();
        assertThat(options).hasStatus(200);
        return me.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON)
                .content(key.register(Json.of(options), origin(), "localhost", "Key")).exchange();
    }

    MvcTestResult passkeySignIn(SoftAuthenticator key, boolean userVerified) {
        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").exchange();
        assertThat(options).hasStatus(200);
        Cookie session = new Cookie("SESSION", options.getResponse().getCookie("SESSION").getValue());
        return mvc.post().uri("/login/webauthn").cookie(session).contentType(MediaType.APPLICATION_JSON)
                .content(key.signIn(Json.of(options), origin(), "localhost", userVerified)).exchange();
    }

    static ApiClient.Login signedIn(ApiClient.Login as, MvcTestResult signIn) {
        return new ApiClient.Login(as.userId(), as.username(),
                new Cookie("SESSION", signIn.getResponse().getCookie("SESSION").getValue()),
                signIn.getResponse().getCookie("XSRF-TOKEN").getValue());
    }

    static void assertReauthenticationRequired(MvcTestResult result) {
        assertThat(result).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("REAUTHENTICATION_REQUIRED");
    }

    @Test
    void aStolenSessionPastTheWindowCannotAddAPasskeyUntilThePasswordIsGivenAndTheOwnerIsTold() {
        // given a session whose sign-in is older than the window (a stolen cookie, say)
        Account owner = verifiedAccount("stepkey");
        clock.advance(PAST_THE_WINDOW);

        // when it asks to add a passkey, then gives a wrong password, then the right one
        MvcTestResult options = owner.login().apply(mvc.post().uri("/webauthn/register/options")).exchange();
        MvcTestResult register = owner.login().apply(mvc.post().uri("/webauthn/register"))
                .contentType(MediaType.APPLICATION_JSON).content("{}").exchange();
        MvcTestResult wrong = reauthenticate(owner.login(), "{\"password\":\"not the password\"}");
        MvcTestResult right = reauthenticate(owner.login());
        SoftAuthenticator key = new SoftAuthenticator();
        MvcTestResult added = registerPasskey(owner.login(), key);

        // then the passkey is refused until the password was given, and the owner is mailed about it
        assertReauthenticationRequired(options);
        assertReauthenticationRequired(register);
        assertThat(wrong).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("password");
        assertThat(right).hasStatus(204);
        assertThat(added).hasStatus(200);
        assertThat(mailTo(owner.email(), 2)).anySatisfy(text -> assertThat(text).contains("a passkey was added"));
    }

    @Test
    void eachSensitiveChangeNeedsARecentSignInAndIsToldToTheOwner() {
        // given an account with an app, and a sign-in older than the window
        Account owner = verifiedAccount("stepall");
        ApiClient.Login me = owner.login();
        MvcTestResult first = newApp(me);
        assertThat(first).hasStatus(201);
        String app = Json.field(first, "client_id");
        String user = "/api/v1/users/" + me.userId();
        clock.advance(PAST_THE_WINDOW);

        // when each sensitive change is asked for
        List<MvcTestResult> refused = List.of(newApp(me),
                me.apply(mvc.post().uri("/api/v1/apps/" + app + "/secret")).exchange(),
                me.apply(mvc.post().uri(user + "/devices/sign-out-others")).exchange(),
                me.apply(mvc.post().uri(user + "/identities/link-requests")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"provider\":\"none-such\"}").exchange(),
                me.apply(mvc.delete().uri(user)).exchange());

        // then each is refused; after re-authenticating, each goes ahead
        refused.forEach(StepUpContract::assertReauthenticationRequired);
        assertThat(reauthenticate(me)).hasStatus(204);
        assertThat(newApp(me)).hasStatus(201);
        assertThat(me.apply(mvc.post().uri("/api/v1/apps/" + app + "/secret")).exchange()).hasStatus(200);
        assertThat(me.apply(mvc.post().uri(user + "/devices/sign-out-others")).exchange()).hasStatus(204);
        assertThat(me.apply(mvc.post().uri(user + "/identities/link-requests")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"provider\":\"none-such\"}").exchange()).hasStatus(404);
        assertThat(me.apply(mvc.delete().uri(user)).exchange()).hasStatus(204);
        // and the owner's address hears of each: the first app, the second, the secret, the sign-out, the deletion
        List<String> mail = mailTo(owner.email(), 6);
        assertThat(mail.stream().filter(text -> text.contains("an app was registered in your name"))).hasSize(2);
        assertThat(mail).anySatisfy(text -> assertThat(text).contains("a new secret was made for one of your apps"));
        assertThat(mail).anySatisfy(text -> assertThat(text).contains("every other device was signed out"));
        assertThat(mail).anySatisfy(text -> assertThat(text).contains("your account was deleted"));
    }

    @Test
    void aTokenCountsForAChangeOnlyWhenASignInMintedItNotARefresh() {
        // given a first-party token pair from a sign-in, and the token a refresh gives
        ApiClient.Login me = api().newUser("steptoken");
        MvcTestResult pair = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(me.username(), ApiClient.PASSWORD)).exchange();
        String signedIn = Json.field(pair, "access_token");
        MvcTestResult refreshed = mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(Json.field(pair, "refresh_token"))).exchange();
        String afterRefresh = Json.field(refreshed, "access_token");

        // when each registers an app, the signed-in one also once past the window
        MvcTestResult bySignIn = mvc.post().uri("/api/v1/apps").header("Authorization", "Bearer " + signedIn)
                .contentType(MediaType.APPLICATION_JSON).content(APP).exchange();
        MvcTestResult byRefresh = mvc.post().uri("/api/v1/apps").header("Authorization", "Bearer " + afterRefresh)
                .contentType(MediaType.APPLICATION_JSON).content(APP).exchange();
        clock.advance(PAST_THE_WINDOW);
        MvcTestResult bySignInLater = mvc.post().uri("/api/v1/apps").header("Authorization", "Bearer " + signedIn)
                .contentType(MediaType.APPLICATION_JSON).content(APP).exchange();

        // then only the fresh sign-in's token may
        assertThat(bySignIn).hasStatus(201);
        assertReauthenticationRequired(byRefresh);
        assertReauthenticationRequired(bySignInLater);
    }

    @Test
    void currentPasswordGuessesAreThrottledPerAccountLikeASignIn() {
        // given a signed-in session guessing the password it would change, as often as a sign-in may fail
        ApiClient.Login me = api().newUser("stepguess");
        List<MvcTestResult> guesses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            guesses.add(me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                    .content("{\"password\":\"a brand new password\",\"current_password\":\"guess number %d\"}".formatted(i))
                    .exchange());
        }

        // when it then gives the right one, by a change and by re-authenticating
        MvcTestResult right = me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"a brand new password\",\"current_password\":\"%s\"}".formatted(ApiClient.PASSWORD))
                .exchange();
        MvcTestResult reauthentication = reauthenticate(me);

        // then the guesses were checked, and the right password waits for the back-off like a sign-in's
        guesses.forEach(guess -> assertThat(guess).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field")
                .isEqualTo("current_password"));
        assertThat(right).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
        assertThat(right.getResponse().getHeader("Retry-After")).isNotBlank();
        assertThat(reauthentication).hasStatus(429);
        assertThat(mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(me.username(), ApiClient.PASSWORD))
                .exchange()).as("the password did not change").hasStatus(200);
    }

    @Test
    void aPasskeyThatDoesNotVerifyItsUserIsOneFactor() throws Exception {
        // given an account with a passkey
        ApiClient.Login me = api().newUser("stepuv");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(registerPasskey(me, key)).hasStatus(200);

        // when the passkey signs in without verifying its user (no PIN, no biometrics)
        MvcTestResult oneFactor = passkeySignIn(key, false);
        ApiClient.Login byKey = signedIn(me, oneFactor);
        MvcTestResult change = byKey.apply(mvc.post().uri("/api/v1/users/" + me.userId() + "/devices/sign-out-others")).exchange();
        // and once two-factor sign-in is on
        enableTwoFactor(me);
        MvcTestResult withTwoFactor = passkeySignIn(key, false);
        MvcTestResult verified = passkeySignIn(key, true);

        // then it signs in, but that sign-in is no re-authentication; with two-factor on it is refused; with UV it is two
        assertThat(oneFactor).hasStatus(200);
        assertReauthenticationRequired(change);
        assertThat(withTwoFactor).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
        assertThat(withTwoFactor).bodyJson().extractingPath("$.error.message").asString().contains("did not verify you");
        assertThat(withTwoFactor.getResponse().getCookie("XSRF-TOKEN")).isNull();
        assertThat(verified).hasStatus(200);
    }

    @Test
    void theOAuthSignInPageRefusesAPasskeyThatDoesNotVerifyItsUserForATwoFactorAccount() throws Exception {
        // given an account with a passkey and two-factor sign-in on, and a browser on the OAuth sign-in page
        ApiClient.Login me = api().newUser("stepoauth");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(registerPasskey(me, key)).hasStatus(200);
        enableTwoFactor(me);
        MvcTestResult page = mvc.get().uri("/signin").accept(MediaType.TEXT_HTML).exchange();
        Cookie session = new Cookie("ROOST_SIGNIN", page.getResponse().getCookie("ROOST_SIGNIN").getValue());
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("data-csrf-header=\"([^\"]+)\" data-csrf=\"([^\"]+)\"")
                .matcher(page.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(csrf.find()).isTrue();

        // when the page signs in with the passkey's answer that did not verify its user
        MvcTestResult options = mvc.post().uri("/signin/passkey/options").cookie(session).header(csrf.group(1), csrf.group(2))
                .exchange();
        MvcTestResult signedIn = mvc.post().uri("/signin/passkey").cookie(session).header(csrf.group(1), csrf.group(2))
                .contentType(MediaType.APPLICATION_JSON).content(key.signIn(Json.of(options), origin(), "localhost", false))
                .exchange();

        // then it is refused (no ["hwk"] sign-in standing in for two factors), and the page still asks for a sign-in
        assertThat(signedIn).hasStatus(401).bodyJson().extractingPath("$.error.message").asString().contains("did not verify you");
        Cookie after = signedIn.getResponse().getCookie("ROOST_SIGNIN") == null ? session
                : new Cookie("ROOST_SIGNIN", signedIn.getResponse().getCookie("ROOST_SIGNIN").getValue());
        assertThat(mvc.get().uri("/signin").cookie(after).accept(MediaType.TEXT_HTML).exchange().getResponse()
                .getContentAsString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("You are signed in to Roost");
    }

    @Test
    void aPasskeysSignatureCounterMustAdvance() {
        // given a passkey that signed in twice
        ApiClient.Login me = api().newUser("stepcount");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(registerPasskey(me, key)).hasStatus(200);
        Bytes id = Bytes.fromBase64(key.id());
        assertThat(passkeySignIn(key, true)).hasStatus(200);
        assertThat(passkeySignIn(key, true)).hasStatus(200);
        long counted = credentials.findByCredentialId(id).getSignatureCount();

        // when a clone answers with the counter it last used
        key.rewindCounter();
        MvcTestResult cloned = passkeySignIn(key, true);

        // then the stored counter advanced with each sign-in, and the clone's answer is refused
        assertThat(counted).isEqualTo(2);
        assertThat(cloned).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
        assertThat(credentials.findByCredentialId(id).getSignatureCount()).isEqualTo(2);
    }

    @Test
    void turningTwoFactorOnSignsOutTheOtherSessionsAndTellsTheOwner() throws Exception {
        // given an account signed in twice (the other session may be a thief's, on the password alone)
        Account owner = verifiedAccount("steptotp");
        ApiClient.Login other = api().login(owner.login().username());

        // when two-factor sign-in is turned on from one of them
        enableTwoFactor(owner.login());

        // then the other session is signed out, this one is not, and the owner hears of it
        String devices = "/api/v1/users/" + owner.login().userId() + "/devices";
        assertThat(other.apply(mvc.get().uri(devices)).exchange()).hasStatus(401);
        assertThat(owner.login().apply(mvc.get().uri(devices)).exchange()).hasStatus(200);
        // (the sign-out of the others is told too: the address, the two notices)
        assertThat(mailTo(owner.email(), 3)).anySatisfy(text -> assertThat(text).contains("two-factor sign-in was turned on"));
    }

    @Test
    void reauthenticatingWithTwoFactorOnNeedsACode() throws Exception {
        // given an account with two-factor sign-in on, signed in longer ago than the window
        ApiClient.Login me = api().newUser("stepcode");
        String secret = enableTwoFactor(me);
        clock.advance(PAST_THE_WINDOW);

        // when it re-authenticates with the password alone, then with a code too
        MvcTestResult passwordOnly = reauthenticate(me);
        MvcTestResult withCode = reauthenticate(me, "{\"password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD,
                code(secret, clock.instant())));

        // then the code is asked for, and with it the change goes ahead
        assertThat(passwordOnly).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("code");
        assertThat(withCode).hasStatus(204);
        assertThat(newApp(me)).hasStatus(201);
    }

    @Test
    void parallelWrongCodesAreCountedExactly() throws Exception {
        // given an account with two-factor sign-in on, and forty sign-ins waiting for their code
        ApiClient.Login me = api().newUser("stepburst");
        String secret = enableTwoFactor(me);
        Instant now = clock.instant();
        List<String> valid = List.of(code(secret, now.minusSeconds(30)), code(secret, now), code(secret, now.plusSeconds(30)));
        String wrong = java.util.stream.Stream.of("000000", "111111", "222222", "333333").filter(c -> !valid.contains(c))
                .findFirst().orElseThrow();
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String step = RandomSecrets.newSecret();
            jdbc.sql("INSERT INTO two_factor_steps (token_hash, user_id, expires_at) VALUES (:hash, :id, :expires)")
                    .param("hash", RandomSecrets.hash(step)).param("id", me.userId())
                    .param("expires", now.plusSeconds(300).atOffset(ZoneOffset.UTC)).update();
            steps.add(step);
        }

        // when forty wrong codes are sent at once
        CountDownLatch start = new CountDownLatch(1);
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(40)) {
            List<Future<Integer>> answers = new ArrayList<>();
            for (String step : steps) {
                answers.add(threads.submit(() -> {
                    start.await();
                    return mvc.post().uri("/login/second-factor").contentType(MediaType.APPLICATION_JSON)
                            .content("{\"step_token\":\"%s\",\"code\":\"%s\"}".formatted(step, wrong)).exchange()
                            .getResponse().getStatus();
                }));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
        }

        // then exactly the allowance (10) was checked, and every other one refused
        Map<Integer, Long> byStatus = statuses.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(byStatus).containsExactlyInAnyOrderEntriesOf(Map.of(400, 10L, 429, 30L));
    }

    @Test
    void aPasswordResetIsToldToTheOwner() {
        // given an account with a verified address
        Account owner = verifiedAccount("stepreset");

        // when a reset link is asked for and followed
        assertThat(mvc.post().uri("/api/v1/password-resets").contentType(MediaType.APPLICATION_JSON)
                .content("{\"login\":\"%s\"}".formatted(owner.login().username())).exchange()).hasStatus(202);
        String link = TestMailServer.awaitMessage(owner.email(), 2).link();
        assertThat(mvc.post().uri("/api/v1/password-resets/complete").contentType(MediaType.APPLICATION_JSON)
                .content("{\"token\":\"%s\",\"password\":\"another long password\"}".formatted(
                        link.substring(link.indexOf("#token=") + 7))).exchange()).hasStatus(204);

        // then a notice follows the link
        assertThat(mailTo(owner.email(), 3)).anySatisfy(text -> assertThat(text).contains("your password was reset"));
    }
}
