package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.IntegrationTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Passkeys in Chromium with a virtual authenticator (src/test/e2e/passkeys.mjs): added, renamed and removed in
 * Settings, used to sign in on the web app and on the OAuth sign-in page. The shared service's port is chosen before
 * it starts ({@link IntegrationTest}), because the relying party's allowed origin names it, as production's names its
 * own; the demo app's redirect on that origin is registered too.
 */
@IntegrationTest
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class PasskeysEndToEndTest {

    @LocalServerPort
    int port;

    @Test
    void addsRenamesUsesAndRemovesAPasskeyAccessibly() throws Exception {
        BrowserScripts.runPassing("passkeys.mjs", port, "http://localhost:" + port + IntegrationTest.REDIRECT_PATH);
    }
}
