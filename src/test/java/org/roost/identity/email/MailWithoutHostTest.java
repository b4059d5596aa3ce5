package org.roost.identity.email;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The embedded defaults have no mail host: each message is written to the log, link included, and still works. */
@EmbeddedDefaultsTest
class MailWithoutHostTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void logsTheMessageWithAWorkingLink() throws InterruptedException {
        String username = ApiClient.uniqueUsername("nohost");
        String email = username + "@example.com";
        try (CapturedLog log = CapturedLog.of(Mailer.class.getName())) {
            // when someone signs up with an address
            assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"username\":\"%s\",\"name\":\"N\",\"password\":\"%s\",\"email\":\"%s\"}"
                            .formatted(username, ApiClient.PASSWORD, email)).exchange()).hasStatus(201);

            // then the message is logged, and its link verifies the address
            String line = awaitLineFor(log, email);
            assertThat(line).contains("Subject: Confirm your email address for Roost");
            String token = line.substring(line.indexOf("#token=") + 7).split("\\s")[0];
            assertThat(mvc.post().uri("/api/v1/email-verifications").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"token\":\"%s\"}".formatted(token)).exchange()).hasStatus(204);
        }
    }

    private static String awaitLineFor(CapturedLog log, String email) {
        return await("a logged message for " + email).atMost(Duration.ofSeconds(10))
                .until(() -> log.events().stream().map(e -> e.getFormattedMessage()).filter(m -> m.contains(email))
                        .findFirst(), java.util.Optional::isPresent).orElseThrow();
    }
}
