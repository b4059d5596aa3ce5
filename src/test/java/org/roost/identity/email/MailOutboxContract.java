package org.roost.identity.email;

import java.net.ServerSocket;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Mail is not lost: a message is queued with the change it tells of and leaves once the mail server takes it, after
 * an outage of the mail server or a stop of the instance that queued it. The mail server here is started only when
 * the test says it is back. Run on H2 and PostgreSQL.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the server is away until the first test brings it back
abstract class MailOutboxContract {

    private static final int PORT = freePort();
    private static GreenMail server;

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Mailer mailer;

    @DynamicPropertySource
    static void mailServer(DynamicPropertyRegistry registry) {
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", () -> PORT);
        registry.add("spring.mail.properties.mail.smtp.connectiontimeout", () -> "2000");
        registry.add("roost.email.retry-back-off", () -> "50ms");
        registry.add("roost.email.retry-interval", () -> "1h"); // the test looks at the queue itself (sendDue)
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (java.io.IOException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static synchronized GreenMail mailServerBack() {
        if (server == null) {
            server = new GreenMail(new ServerSetup(PORT, "127.0.0.1", "smtp"));
            server.start();
        }
        return server;
    }

    @AfterAll
    static synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null; // the next class (H2, then PostgreSQL, or the other way) starts with the server away
        }
    }

    private long queuedFor(String address) {
        return jdbc.sql("SELECT COUNT(*) FROM outgoing_mail WHERE recipient = :to").param("to", address)
                .query(Long.class).single();
    }

    private int attemptsFor(String address) {
        return jdbc.sql("SELECT COALESCE(MAX(attempts), 0) FROM outgoing_mail WHERE recipient = :to").param("to", address)
                .query(Integer.class).single();
    }

    private static long receivedBy(GreenMail greenMail, String address) {
        return java.util.Arrays.stream(greenMail.getReceivedMessages()).filter(message -> {
            try {
                return java.util.Arrays.stream(message.getAllRecipients()).anyMatch(to -> to.toString().equals(address));
            }
            catch (jakarta.mail.MessagingException ex) {
                return false;
            }
        }).count();
    }

    @Test
    @Order(1)
    void aMessageQueuedWhileTheMailServerIsAwayLeavesWhenItIsBack() {
        // given a sign-up with an address while no mail server listens
        String email = ApiClient.uniqueUsername("away") + "@example.com";
        assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(ApiClient.uniqueUsername("away"), ApiClient.PASSWORD, email)).exchange()).hasStatus(201);

        // when the first try has failed
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(attemptsFor(email)).isPositive());
        assertThat(queuedFor(email)).isEqualTo(1);

        // then once the server is back, the next look sends it, once, and the queue is empty
        GreenMail back = mailServerBack();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            mailer.sendDue();
            assertThat(receivedBy(back, email)).isEqualTo(1);
            assertThat(queuedFor(email)).isZero();
        });
    }

    @Test
    @Order(2)
    void aMessageAStoppedInstanceLeftQueuedIsSentByTheNextLook() {
        // given a message an instance queued and claimed, then stopped before sending (its claim has run out)
        GreenMail back = mailServerBack();
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
            assertThat(receivedBy(back, email)).isEqualTo(1);
            assertThat(queuedFor(email)).isZero();
        });
    }
}
