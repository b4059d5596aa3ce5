package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.BrowserScripts;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.roost.support.TestMailServer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The account pages in Chromium (src/test/e2e/accounts.mjs), with mail delivered to a real SMTP server whose
 * mailbox the script reads over HTTP to follow the links, as a person would from their inbox.
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class AccountsEndToEndTest {

    @DynamicPropertySource
    static void mail(DynamicPropertyRegistry registry) {
        TestMailServer.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void confirmsAnEmailAddressFromTheMailedLinkAccessibly() throws Exception {
        var mailbox = TestMailServer.serveMailbox();
        try {
            BrowserScripts.runPassing("accounts.mjs", port, "http://127.0.0.1:" + mailbox.getAddress().getPort());
        }
        finally {
            mailbox.stop(0);
        }
    }
}
