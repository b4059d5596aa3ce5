package org.roost.identity.federation;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.ServerOnH2;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Signing in with another provider in Chromium (src/test/e2e/federation.mjs), on the embedded defaults (H2, sessions
 * in memory), against a real OpenID provider ({@link TestProvider}): the buttons, a new account, the refusal page,
 * linking from settings and removing, each new page checked with axe in light and dark at four widths.
 */
@ServerOnH2
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class ProviderSignInInBrowserTest {

    static TestProvider provider;

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) throws Exception {
        provider = TestProvider.start();
        provider.register(registry);
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
    }

    @LocalServerPort
    int port;

    @Test
    void signsInLinksAndRemovesAProviderAccessibly() throws Exception {
        BrowserScripts.runPassing("federation.mjs", port, provider.issuer());
    }
}
