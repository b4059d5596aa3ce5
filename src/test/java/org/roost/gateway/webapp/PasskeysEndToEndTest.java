package org.roost.gateway.webapp;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.BrowserScripts;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Passkeys in Chromium with a virtual authenticator (src/test/e2e/passkeys.mjs): added, renamed and removed in
 * Settings, used to sign in on the web app and on the OAuth sign-in page. The port is chosen before the server
 * starts, because the relying party's allowed origin names it, as production's names its own.
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class PasskeysEndToEndTest {

    static final int PORT = freePort();
    /** The demo app's redirect, on this server: the script reads the code from the address it lands on. */
    static final String REDIRECT = "http://localhost:" + PORT + "/oauth-callback";

    @DynamicPropertySource
    static void origin(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("roost.passkeys.allowed-origins", () -> "http://localhost:" + PORT);
        registry.add("spring.security.oauth2.authorizationserver.client.roost-demo-app.registration.redirect-uris",
                () -> REDIRECT);
    }

    @Test
    void addsRenamesUsesAndRemovesAPasskeyAccessibly() throws Exception {
        BrowserScripts.runPassing("passkeys.mjs", PORT, REDIRECT);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
