package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.IntegrationTest;
import org.roost.support.BrowserScripts;
import org.roost.support.TestMailServer;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The account pages in Chromium (src/test/e2e/accounts.mjs), with mail delivered to a real SMTP server whose
 * mailbox the script reads over HTTP to follow the links, as a person would from their inbox.
 */
@IntegrationTest
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class AccountsEndToEndTest {

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
