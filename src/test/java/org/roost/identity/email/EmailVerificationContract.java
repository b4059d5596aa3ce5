package org.roost.identity.email;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.roost.support.TestMailServer;
import org.roost.support.TestMailServer.Mail;
import org.roost.support.WithTestMail;
import org.roost.platform.origin.PublicOrigin;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** Email addresses end to end through a real SMTP server: the mailed links are followed as a person would. */
abstract class EmailVerificationContract {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    MvcTestResult signUp(String username, String email) {
        return mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)).exchange();
    }

    MvcTestResult follow(String link) {
        String token = link.substring(link.indexOf("#token=") + "#token=".length());
        return mvc.post().uri("/api/v1/email-verifications").contentType(MediaType.APPLICATION_JSON)
                .content("{\"token\":\"%s\"}".formatted(token)).exchange();
    }

    MvcTestResult changeEmail(ApiClient.Login me, String email, String currentPassword) {
        return me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"email\":\"%s\",\"current_password\":\"%s\"}".formatted(email, currentPassword)).exchange();
    }

    ApiClient.Login signedUpWith(String email) {
        String username = ApiClient.uniqueUsername("mail");
        assertThat(signUp(username, email)).hasStatus(201);
        return api().login(username);
    }

    @Test
    void signUpMailsALinkThatVerifiesTheAddress() {
        // given a sign-up with an address
        String email = TestMailServer.newAddress("Dora");
        String username = ApiClient.uniqueUsername("dora");
        MvcTestResult created = signUp(username, email);

        // when the person follows the link mailed to it
        Mail mail = TestMailServer.awaitMessage(email, 1);
        MvcTestResult followed = follow(mail.link());

        // then the address is theirs, verified, in their own representation
        assertThat(created).hasStatus(201).bodyJson().extractingPath("$.email").isEqualTo(email);
        assertThat(created).bodyJson().extractingPath("$.email_verified").isEqualTo(false);
        assertThat(mail.subject()).isEqualTo("Confirm your email address for Roost");
        assertThat(mail.link()).contains("/verify-email#token=");
        assertThat(mail.html()).contains(mail.link().replace("&", "&amp;"));
        assertThat(followed).hasStatus(204);
        ApiClient.Login me = api().login(username);
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange())
                .bodyJson().extractingPath("$.email_verified").isEqualTo(true);
    }

    @Test
    void aLinkWorksOnce() {
        String email = TestMailServer.newAddress("once");
        signedUpWith(email);
        String link = TestMailServer.awaitMessage(email, 1).link();

        MvcTestResult first = follow(link);
        MvcTestResult again = follow(link);

        assertThat(first).hasStatus(204);
        assertThat(again).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("token");
    }

    @Test
    void refusesAnExpiredLink() {
        String email = TestMailServer.newAddress("late");
        ApiClient.Login me = signedUpWith(email);
        String link = TestMailServer.awaitMessage(email, 1).link();
        jdbc.sql("UPDATE email_verifications SET expires_at = :past WHERE user_id = :id")
                .param("past", OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1)).param("id", me.userId()).update();

        assertThat(follow(link)).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
    }

    @Test
    void nobodyElseSeesTheAddress() {
        String email = TestMailServer.newAddress("private");
        ApiClient.Login owner = signedUpWith(email);
        ApiClient.Login other = api().newUser("nosy");

        MvcTestResult rest = other.apply(mvc.get().uri("/api/v1/users/" + owner.userId())).exchange();
        MvcTestResult graph = other.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ user(id: \\\"%d\\\") { email emailVerified } }\"}".formatted(owner.userId()))
                .exchange();
        MvcTestResult me = owner.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ me { email emailVerified } }\"}").exchange();

        assertThat(rest).hasStatus(200).bodyJson().doesNotHavePath("$.email");
        assertThat(rest).bodyJson().doesNotHavePath("$.email_verified");
        assertThat(graph).bodyJson().extractingPath("$.data.user.email").isNull();
        assertThat(me).bodyJson().extractingPath("$.data.me.email").isEqualTo(email);
        assertThat(me).bodyJson().extractingPath("$.data.me.emailVerified").isEqualTo(false);
    }

    @Test
    void changingTheAddressNeedsThePassword() {
        ApiClient.Login me = api().newUser("nopw");

        MvcTestResult refused = changeEmail(me, TestMailServer.newAddress("x"), "not my password");

        assertThat(refused).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("current_password");
    }

    @Test
    void changingAVerifiedAddressMailsTheNewOneAndTellsTheOld() {
        // given a verified address
        String old = TestMailServer.newAddress("old");
        ApiClient.Login me = signedUpWith(old);
        String oldLink = TestMailServer.awaitMessage(old, 1).link();
        assertThat(follow(oldLink)).hasStatus(204);

        // when the owner changes it
        String fresh = TestMailServer.newAddress("new");
        MvcTestResult changed = changeEmail(me, fresh, ApiClient.PASSWORD);

        // then the new address gets a link, the old one a notice, and the new address is not yet verified
        assertThat(changed).hasStatus(200).bodyJson().extractingPath("$.email").isEqualTo(fresh);
        assertThat(changed).bodyJson().extractingPath("$.email_verified").isEqualTo(false);
        Mail notice = TestMailServer.awaitMessage(old, 2);
        assertThat(notice.subject()).isEqualTo("Your Roost email address was changed");
        assertThat(notice.text()).contains(fresh);
        assertThat(follow(TestMailServer.awaitMessage(fresh, 1).link())).hasStatus(204);
    }

    @Test
    void aLinkToAReplacedAddressNoLongerWorks() {
        String first = TestMailServer.newAddress("first");
        ApiClient.Login me = signedUpWith(first);
        String stale = TestMailServer.awaitMessage(first, 1).link();

        changeEmail(me, TestMailServer.newAddress("second"), ApiClient.PASSWORD);

        assertThat(follow(stale)).hasStatus(400);
    }

    @Test
    void anAddressVerifiedByAnotherAccountIsAConflict() {
        // given two accounts that typed the same address (any case)
        String email = TestMailServer.newAddress("shared");
        signedUpWith(email);
        String firstLink = TestMailServer.awaitMessage(email, 1).link();
        signedUpWith(email.toUpperCase(java.util.Locale.ROOT));
        String secondLink = TestMailServer.awaitMessage(email, 2).link();

        // when both follow their links
        MvcTestResult first = follow(firstLink);
        MvcTestResult second = follow(secondLink);

        // then only the first proves it
        assertThat(first).hasStatus(204);
        assertThat(second).hasStatus(409).bodyJson().extractingPath("$.error.code").isEqualTo("CONFLICT");
    }

    @Test
    void resendsALinkToTheOwnerOnly() {
        String email = TestMailServer.newAddress("again");
        ApiClient.Login me = signedUpWith(email);
        TestMailServer.awaitMessage(email, 1);
        ApiClient.Login other = api().newUser("other");

        MvcTestResult byOther = other.apply(mvc.post().uri("/api/v1/users/" + me.userId() + "/email-verifications")).exchange();
        MvcTestResult tooSoon = me.apply(mvc.post().uri("/api/v1/users/" + me.userId() + "/email-verifications")).exchange();

        assertThat(byOther).hasStatus(403);
        assertThat(tooSoon).hasStatus(429);
        assertThat(Json.of(tooSoon).path("error").path("code").asString()).isEqualTo("RATE_LIMITED");
    }

    @Test
    void aForgedHostIsRefusedAndMailedLinksStartWithThePublicOrigin(@Autowired PublicOrigin origin) {
        // given an address, and a sign-up naming it sent with a Host of someone else's
        String email = TestMailServer.newAddress("host");
        MvcTestResult forged = mvc.post().uri("/api/v1/users").header("Host", "evil.example")
                .contentType(MediaType.APPLICATION_JSON).content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(ApiClient.uniqueUsername("forged"), ApiClient.PASSWORD, email)).exchange();
        MvcTestResult reset = mvc.post().uri("/api/v1/password-resets").header("Host", "evil.example:8080")
                .contentType(MediaType.APPLICATION_JSON).content("{\"email\":\"%s\"}".formatted(email)).exchange();

        // when the same sign-up comes with this service's own name
        signedUpWith(email);
        Mail mail = TestMailServer.awaitMessage(email, 1);

        // then the forged requests changed nothing, and the one mail's link is at the configured origin
        assertThat(forged).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(reset).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(mail.link()).startsWith(origin.url() + "/verify-email#token=").doesNotContain("evil");
        assertThat(TestMailServer.messagesTo(email)).hasSize(1);
    }

    @Test
    void oneAddressReceivesAtMostThreeVerificationMailsAWindowHoweverItIsNamed() {
        // given five sign-ups and an address change all naming one address, in alternating case
        String email = TestMailServer.newAddress("flood");
        for (int i = 0; i < 5; i++) {
            String spelt = i % 2 == 0 ? email : email.toUpperCase(java.util.Locale.ROOT);
            assertThat(signUp(ApiClient.uniqueUsername("flood"), spelt)).hasStatus(201);
        }
        ApiClient.Login changer = api().newUser("changer");
        assertThat(changeEmail(changer, email.toUpperCase(java.util.Locale.ROOT), ApiClient.PASSWORD)).hasStatus(200);

        // when a sign-up with another address, made after all of them, has had its mail delivered
        String signal = TestMailServer.newAddress("signal");
        signedUpWith(signal);
        TestMailServer.awaitMessage(signal, 1);
        TestMailServer.awaitMessage(email, 3);

        // then the flooded address got three (the limit is decided when each request is served, before it answers)
        assertThat(TestMailServer.messagesTo(email)).hasSize(3);
    }
}
