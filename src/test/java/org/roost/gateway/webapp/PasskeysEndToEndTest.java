package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;

/**
 * Passkeys in Chromium with a virtual authenticator (src/test/e2e/passkeys.mjs): added, renamed and removed in
 * Settings, used to sign in on the web app and on the OAuth sign-in page. The port is chosen before the server
 * starts, because the relying party's allowed origin names it, as production's names its own.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class PasskeysEndToEndTest extends OnFixedPort {

    @Test
    void addsRenamesUsesAndRemovesAPasskeyAccessibly() throws Exception {
        BrowserScripts.runPassing("passkeys.mjs", PORT, REDIRECT);
    }
}
