package org.roost.gateway.webapp;

import java.io.IOException;
import java.net.ServerSocket;

import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service on a port chosen before it starts, for browser tests whose origin and redirect addresses must be
 * registered up front (WebAuthn's allowed origins, OAuth redirect URIs match exactly), as an operator does for their
 * origin (docs/api.md). One shared context for every such test: extend this class and add no configuration.
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
abstract class OnFixedPort {

    static final int PORT = freePort();
    /** The demo app's redirect, on this server: a script reads the code from the address it lands on. */
    static final String REDIRECT = "http://localhost:" + PORT + "/oauth-callback";
    /** Swagger UI's OAuth redirect on this server. */
    static final String SWAGGER_REDIRECT = "http://localhost:" + PORT + "/swagger-ui/oauth2-redirect.html";

    @DynamicPropertySource
    static void origin(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("roost.passkeys.allowed-origins", () -> "http://localhost:" + PORT);
        registry.add("spring.security.oauth2.authorizationserver.client.roost-demo-app.registration.redirect-uris",
                () -> REDIRECT + "," + SWAGGER_REDIRECT);
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
