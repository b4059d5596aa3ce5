package org.roost.identity.federation;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.ServerOnPostgresVariant;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Signing in with another provider in Chromium (src/test/e2e/federation.mjs), against a real OpenID provider
 * ({@link TestProvider}): the buttons, a new account, the refusal page, linking from settings and removing, each new
 * page checked with axe in light and dark at four widths. On the service the HTTP contract uses
 * (ProviderSignInOnPostgresTest: PostgreSQL, sessions in Redis), where the provider is registered.
 */
@ServerOnPostgresVariant
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class ProviderSignInInBrowserTest {

    @Autowired
    TestProvider provider;

    @LocalServerPort
    int port;

    @Test
    void signsInLinksAndRemovesAProviderAccessibly() throws Exception {
        BrowserScripts.runPassing("federation.mjs", port, provider.issuer());
    }
}
