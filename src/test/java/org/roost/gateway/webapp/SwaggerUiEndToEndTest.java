package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.IntegrationTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Swagger UI's "Authorize" with OAuth in Chromium (src/test/e2e/swagger.mjs): the demo app's public client with PKCE,
 * then "Try it out" with the token. Redirect URIs must match exactly, so the shared service runs on a port chosen
 * beforehand and registers Swagger UI's redirect on that port ({@link IntegrationTest}), as an operator does for
 * their origin (docs/api.md).
 */
@IntegrationTest
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class SwaggerUiEndToEndTest {

    @LocalServerPort
    int port;

    @Test
    void authorizesWithTheDemoAppsClientAndPkceThenTriesAnOperationWithTheToken() throws Exception {
        // when
        String output = BrowserScripts.runPassing("swagger.mjs", port);

        // then
        assertThat(output).contains("ok   Try it out sends the OAuth access token");
    }
}
