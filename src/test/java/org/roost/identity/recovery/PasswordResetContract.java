package org.roost.identity.recovery;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.roost.support.TestMailServer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** "Forgot password" end to end through a real SMTP server: the mailed link is followed as a person would. */
abstract class PasswordResetContract {

    static final String NEW_PASSWORD = "a brand new password";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    record Account(long id, String username, String email) {
    }

    /** Signed up with an address and proved it through the mailed link. */
    Account verifiedAccount(String prefix) {
        String username = ApiClient.uniqueUsername(prefix);
        String email = username + "@example.com";
        MvcTestResult created = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)).exchange();
        assertThat(created).hasStatus(201);
        assertThat(post("/api/v1/email-verifications", "{\"token\":\"%s\"}".formatted(
                token(TestMailServer.awaitMessage(email, 1).link())))).hasStatus(204);
        return new Account(Long.parseLong(Json.field(created, "id")), username, email);
    }

    MvcTestResult post(String path, String json) {
        return post(path, json, "127.0.0.1");
    }

    MvcTestResult post(String path, String json, String address) {
        return mvc.post().uri(path).with(request -> {
            request.setRemoteAddr(address);
            return request;
        }).contentType(MediaType.APPLICATION_JSON).content(json).exchange();
    }

    MvcTestResult ask(String login, String address) {
        return post("/api/v1/password-resets", "{\"login\":\"%s\"}".formatted(login), address);
    }

    MvcTestResult complete(String link, String password) {
        return post("/api/v1/password-resets/complete", "{\"token\":\"%s\",\"password\":\"%s\"}".formatted(token(link), password));
    }

    static String token(String link) {
        return link.substring(link.indexOf("#token=") + "#token=".length());
    }

    static String uniqueAddress() {
        return "10.%d.%d.%d".formatted((int) (Math.random() * 250), (int) (Math.random() * 250), (int) (Math.random() * 250));
    }

    @Test
    void aMailedLinkSetsANewPasswordAndEndsEverySessionAndToken() {
        // given an account with a verified address, signed in with a session and with a token
        Account account = verifiedAccount("forgot");
        ApiClient.Login session = new ApiClient(mvc).login(account.username());
        MvcTestResult tokens = post("/auth/token", "{\"username\":\"%s\",\"password\":\"%s\"}"
                .formatted(account.username(), ApiClient.PASSWORD));
        String bearer = "Bearer " + Json.field(tokens, "access_token");

        // when the person asks for a link by username and follows it
        MvcTestResult asked = ask(account.username(), uniqueAddress());
        TestMailServer.Mail mail = TestMailServer.awaitMessage(account.email(), 2);
        MvcTestResult reset = complete(mail.link(), NEW_PASSWORD);

        // then the password is the new one and every earlier credential has ended
        assertThat(asked).hasStatus(202);
        assertThat(mail.subject()).isEqualTo("Set a new password for Roost");
        assertThat(mail.link()).contains("/reset-password#token=");
        assertThat(reset).hasStatus(204);
        String self = "/api/v1/users/" + account.id();
        assertThat(session.apply(mvc.get().uri(self)).exchange()).hasStatus(401);
        assertThat(mvc.get().uri(self).header("Authorization", bearer).exchange()).hasStatus(401);
        assertThat(post("/login", "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(account.username(), NEW_PASSWORD)))
                .hasStatus(200);
        assertThat(post("/login", "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(account.username(), ApiClient.PASSWORD)))
                .hasStatus(401);
    }

    @Test
    void findsTheAccountByItsVerifiedAddressInAnyCase() {
        Account account = verifiedAccount("byemail");

        ask(account.email().toUpperCase(java.util.Locale.ROOT), uniqueAddress());

        assertThat(TestMailServer.awaitMessage(account.email(), 2).subject()).isEqualTo("Set a new password for Roost");
    }

    @Test
    void answersTheSameWhetherOrNotTheAccountExists() throws Exception {
        // given an account with a verified address, one with an unverified address, and a name nobody has
        Account verified = verifiedAccount("exists");
        String unverified = ApiClient.uniqueUsername("unproven");
        mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s@example.com\"}"
                        .formatted(unverified, ApiClient.PASSWORD, unverified)).exchange();

        // when a reset is asked for each
        MvcTestResult known = ask(verified.username(), uniqueAddress());
        MvcTestResult unproven = ask(unverified, uniqueAddress());
        MvcTestResult unknown = ask(ApiClient.uniqueUsername("nobody"), uniqueAddress());

        // then the answers are identical, and only the verified address receives a link
        assertThat(known).hasStatus(202);
        String body = known.getResponse().getContentAsString();
        assertThat(unproven).hasStatus(202).hasBodyTextEqualTo(body);
        assertThat(unknown).hasStatus(202).hasBodyTextEqualTo(body);
        TestMailServer.awaitMessage(verified.email(), 2);
        // a later request's mail (resets are mailed in the background, a few at a time, started in the order asked):
        // the requests above have had their turn before anything is said about a mail that did not come
        ask(verified.username(), uniqueAddress());
        TestMailServer.awaitMessage(verified.email(), 3);
        assertThat(TestMailServer.messagesTo(unverified + "@example.com")).hasSize(1); // the verification link only
    }

    @Test
    void aLinkWorksOnceAndNotAfterItExpires() {
        Account account = verifiedAccount("once");
        ask(account.username(), uniqueAddress());
        String first = TestMailServer.awaitMessage(account.email(), 2).link();
        ask(account.username(), uniqueAddress());
        String second = TestMailServer.awaitMessage(account.email(), 3).link();

        MvcTestResult used = complete(first, NEW_PASSWORD);
        MvcTestResult again = complete(first, "yet another password");
        jdbc.sql("UPDATE password_resets SET expires_at = :past WHERE user_id = :id")
                .param("past", OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1)).param("id", account.id()).update();
        MvcTestResult otherLink = complete(second, "yet another password");

        assertThat(used).hasStatus(204);
        assertThat(again).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("token");
        assertThat(otherLink).hasStatus(400);
    }

    @Test
    void throttlesRequestsPerAddress() {
        String address = uniqueAddress();
        for (int i = 0; i < 10; i++) {
            assertThat(ask(ApiClient.uniqueUsername("flood"), address)).hasStatus(202);
        }

        MvcTestResult refused = ask(ApiClient.uniqueUsername("flood"), address);

        assertThat(refused).hasStatus(429).hasHeader("Retry-After", "3600");
        assertThat(ask(ApiClient.uniqueUsername("flood"), uniqueAddress())).hasStatus(202);
    }

    @Test
    void mailsOneAccountAtMostThreeTimesPerWindowAnsweringAllAlike() {
        Account account = verifiedAccount("spam");

        for (int i = 0; i < 5; i++) {
            assertThat(ask(account.username(), uniqueAddress())).hasStatus(202);
        }

        TestMailServer.awaitMessage(account.email(), 4);
        // another account's reset, asked after these five: once it is mailed, theirs have had their turn
        Account marker = verifiedAccount("marker");
        ask(marker.username(), uniqueAddress());
        TestMailServer.awaitMessage(marker.email(), 2);
        assertThat(TestMailServer.messagesTo(account.email())).hasSize(4); // the verification link and three resets
    }

    @Autowired
    PasswordResets resets;

    @Test
    void aRequestAStoppedInstanceAnsweredButNeverHandledIsMailedByTheNextLook() {
        // given a request an instance wrote down and answered, then stopped before handling (its claim has run out)
        Account account = verifiedAccount("stopped");
        OffsetDateTime past = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(5);
        jdbc.sql("INSERT INTO password_reset_requests (login, requested_at, attempts, next_attempt_at) "
                        + "VALUES (:login, :at, 0, :at)")
                .param("login", account.username().toLowerCase(java.util.Locale.ROOT)).param("at", past).update();

        // when an instance (this one, started after it) looks at what is due
        resets.handleDue();

        // then the link is mailed and works, and the request is gone
        String link = TestMailServer.awaitMessage(account.email(), 2).link();
        assertThat(complete(link, NEW_PASSWORD)).hasStatus(204);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM password_reset_requests WHERE login = :login")
                .param("login", account.username().toLowerCase(java.util.Locale.ROOT)).query(Long.class).single()).isZero();
    }

    @Test
    void anAnsweredRequestLeavesNothingWrittenDownOnceHandled() {
        // given
        Account account = verifiedAccount("handled");

        // when
        assertThat(ask(account.username(), uniqueAddress())).hasStatus(202);

        // then the link arrives, and the request it was handled from was deleted with it
        TestMailServer.awaitMessage(account.email(), 2);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM password_reset_requests WHERE login = :login")
                .param("login", account.username().toLowerCase(java.util.Locale.ROOT)).query(Long.class).single()).isZero();
    }
}
