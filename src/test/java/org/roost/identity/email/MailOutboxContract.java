package org.roost.identity.email;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.SteppingClock;
import org.roost.support.TestMailServer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Mail is not lost: a message is queued with the change it tells of and leaves once the mail server takes it, after
 * an outage of the mail server or a stop of the instance that queued it. Run on H2 and PostgreSQL, on the shared
 * services that mail: the run's {@link TestMailServer} is taken away for a test through its relay and brought back
 * after it; the back-off is passed by stepping the shared {@link SteppingClock}, not by waiting for it.
 */
abstract class MailOutboxContract {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Mailer mailer;

    @Autowired
    SteppingClock clock;

    @Autowired
    EmailProperties properties;

    @AfterEach
    void mailServerBack() {
        TestMailServer.back();
        clock.reset();
    }

    private long queuedFor(String address) {
        return jdbc.sql("SELECT COUNT(*) FROM outgoing_mail WHERE recipient = :to").param("to", address)
                .query(Long.class).single();
    }

    private int attemptsFor(String address) {
        return jdbc.sql("SELECT COALESCE(MAX(attempts), 0) FROM outgoing_mail WHERE recipient = :to").param("to", address)
                .query(Integer.class).single();
    }

    @Test
    void aMessageQueuedWhileTheMailServerIsAwayLeavesWhenItIsBack() {
        // given a sign-up with an address while the mail server is away
        TestMailServer.away();
        long droppedBefore = TestMailServer.dropped();
        String email = ApiClient.uniqueUsername("away") + "@example.com";
        assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(ApiClient.uniqueUsername("away"), ApiClient.PASSWORD, email)).exchange()).hasStatus(201);

        // when the first try has failed (the service did reach for the server: the relay dropped its connection)
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(attemptsFor(email)).isPositive());
        assertThat(TestMailServer.dropped()).isGreaterThan(droppedBefore);
        assertThat(queuedFor(email)).isEqualTo(1);
        assertThat(TestMailServer.messagesTo(email)).isEmpty();

        // then once the server is back, the next look past the back-off sends it, once, and the queue is empty
        TestMailServer.back();
        clock.advance(properties.retryBackOff().plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            mailer.sendDue();
            assertThat(TestMailServer.messagesTo(email)).hasSize(1);
            assertThat(queuedFor(email)).isZero();
        });
    }

    @Test
    void aMessageAStoppedInstanceLeftQueuedIsSentByTheNextLook() {
        // given a message an instance queued and claimed, then stopped before sending (its claim has run out)
        String email = ApiClient.uniqueUsername("stopped") + "@example.com";
        OffsetDateTime past = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(5);
        jdbc.sql("INSERT INTO outgoing_mail (recipient, template, mail_values, created_at, attempts, next_attempt_at) "
                        + "VALUES (:to, 'email-verification', :values, :past, 0, :past)")
                .param("to", email).param("past", past)
                .param("values", "{\"username\":\"stopped\",\"link\":\"http://localhost/verify-email#token=x\",\"lifetime\":\"24 hours\"}")
                .update();

        // when the queue is looked at
        mailer.sendDue();

        // then it leaves, and the queue forgets it
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(TestMailServer.messagesTo(email)).hasSize(1);
            assertThat(queuedFor(email)).isZero();
        });
    }
}
