package org.roost.identity.email;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.roost.identity.user.UserEvents;
import org.roost.identity.user.UserService;
import org.roost.platform.ratelimits.Quotas;
import org.roost.platform.origin.PublicOrigin;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.Json;
import org.roost.support.TestMailServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The embedded defaults have no mail host: each message is written to the log, link included, and still works.
 * <p>
 * The shared embedded service mails through the run's TestMailServer (support.ServerOnH2, for the H2 halves of the
 * mail contracts), so this test checks the two halves of the embedded default apart, in that running service: that
 * nothing but the test's own properties names a mail host (so {@code mvn spring-boot:run} has none), and that a
 * {@link Mailer} without a mail sender, as the service makes it then, logs a verification message whose link
 * verifies the address in the service.
 */
@EmbeddedDefaultsTest
class MailWithoutHostTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void theServiceItselfNamesNoMailHost(@Autowired ConfigurableEnvironment environment) {
        // when the service's configuration is read (application.yml and its profiles' files, as the service starts)
        List<String> naming = environment.getPropertySources().stream()
                .filter(source -> source instanceof EnumerablePropertySource<?> enumerable
                        && Arrays.asList(enumerable.getPropertyNames()).contains("spring.mail.host"))
                .map(source -> source.getName()).toList();

        // then only the test's own properties name one (support.TestMail)
        assertThat(naming).containsExactly("Inlined Test Properties");
    }

    @Test
    void withoutAMailSenderLogsTheMessageWithAWorkingLink(@Autowired JdbcClient jdbc, @Autowired UserService users,
            @Autowired MailTemplates templates, @Autowired EmailProperties properties, @Autowired PublicOrigin origin,
            @Autowired MailOutbox outbox, @Autowired Clock clock, @Autowired ApplicationEventPublisher events,
            @Autowired Quotas quotas) {
        // given someone who signed up with an address (its first link went to the test mail server)
        String username = ApiClient.uniqueUsername("nohost");
        String email = username + "@example.com";
        var created = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)).exchange();
        assertThat(created).hasStatus(201);
        long id = Long.parseLong(Json.of(created).get("id").asString());
        TestMailServer.awaitMessage(email, 1);
        // and the mail as the service makes it without spring.mail.host: no JavaMailSender bean
        ObjectProvider<JavaMailSender> noSender = new DefaultListableBeanFactory().getBeanProvider(JavaMailSender.class);
        Mailer withoutHost = new Mailer(noSender, templates, properties, origin, outbox, clock);
        var verifications = new EmailVerifications(jdbc, withoutHost, users, properties, events, clock, quotas);

        try (CapturedLog log = CapturedLog.of(Mailer.class.getName())) {
            // when their address is set again (a new link; the first one stops working)
            verifications.on(new UserEvents.EmailChanged(id, username, email, null));

            // then the message is logged, and its link verifies the address
            String line = awaitLineFor(log, email);
            assertThat(line).contains("No mail host").contains("Subject: Confirm your email address for Roost");
            String token = line.substring(line.indexOf("#token=") + 7).split("\\s")[0];
            assertThat(mvc.post().uri("/api/v1/email-verifications").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"token\":\"%s\"}".formatted(token)).exchange()).hasStatus(204);
        }
        // and nothing more went to the mail server for it
        assertThat(TestMailServer.messagesTo(email)).hasSize(1);
    }

    private static String awaitLineFor(CapturedLog log, String email) {
        return await("a logged message for " + email).atMost(Duration.ofSeconds(10))
                .until(() -> log.events().stream().map(e -> e.getFormattedMessage()).filter(m -> m.contains(email))
                        .findFirst(), Optional::isPresent).orElseThrow();
    }
}
