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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Swagger UI's "Authorize" with OAuth in Chromium (src/test/e2e/swagger.mjs): the demo app's public client with PKCE,
 * then "Try it out" with the token. Redirect URIs must match exactly, so this test runs on a port chosen beforehand
 * and registers Swagger UI's redirect on that port, as an operator does for their origin (docs/api.md).
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class SwaggerUiEndToEndTest {

    private static final int PORT = freePort();

    @DynamicPropertySource
    static void port(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("spring.security.oauth2.authorizationserver.client.roost-demo-app.registration.redirect-uris",
                () -> "http://localhost:" + PORT + "/swagger-ui/oauth2-redirect.html");
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void authorizesWithTheDemoAppsClientAndPkceThenTriesAnOperationWithTheToken() throws Exception {
        // when
        String output = BrowserScripts.runPassing("swagger.mjs", PORT);

        // then
        assertThat(output).contains("ok   Try it out sends the OAuth access token");
    }
}
