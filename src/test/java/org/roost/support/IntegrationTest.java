package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.graphql.StatementCounter;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The shared whole service on PostgreSQL with sessions and revocations in Redis (docs/testing.md, "Shared
 * configurations"): on a real port chosen before it starts (for HTTP clients, WebSocket, SSE, browsers, and origins
 * that must be registered up front) and through MockMvc, with SQL
 * statements counted. Every class with this annotation, {@link ServerOnPostgres} or {@code LiveGraphQlTest} shares
 * one running service: a class that adds a property, a bean or a profile of its own starts another one
 * ({@link ContextBudgetTest} counts them), so prefer driving what you need through this one.
 * <p>
 * It mails through the run's {@link TestMailServer} and reads time from a {@link SteppingClock}. The live-event settings are short so that subscription tests see heartbeats and session checks within a second;
 * they change nothing for tests that hold no stream.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresServices.class)
@TestMail
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
        properties = { "roost.graphql.session-check-interval=1s", "roost.live.sse-heartbeat=300ms",
                "roost.live.subscriber-buffer=64",
                // A port chosen before the start (SchemaPerContext), registered as an operator registers their
                // origin: WebAuthn's allowed origins and the demo app's redirects (application.yml's, then this
                // port's web-app and Swagger UI ones) match exactly, which the browser tests of passkeys and of
                // Swagger UI's "Authorize" need. The other tests use localhost:8080's and 127.0.0.1:8081's as before.
                "server.port=${" + IntegrationTest.PORT_PROPERTY + "}",
                "roost.passkeys.allowed-origins=http://localhost:8080,http://localhost:${server.port}",
                "spring.security.oauth2.authorizationserver.client.roost-demo-app.registration.redirect-uris="
                        + "http://127.0.0.1:8081/callback,http://localhost:8081/callback,"
                        + "http://localhost:8080/swagger-ui/oauth2-redirect.html,"
                        + "http://127.0.0.1:8080/swagger-ui/oauth2-redirect.html,"
                        + "http://localhost:${server.port}" + IntegrationTest.REDIRECT_PATH + ","
                        + "http://localhost:${server.port}/swagger-ui/oauth2-redirect.html" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, OpenApiResponseValidation.class, StatementCounter.class, SteppingClock.Config.class })
public @interface IntegrationTest {

    /** The port the service listens on, free when the context was built (SchemaPerContext). */
    String PORT_PROPERTY = "roost.test.port";

    /** The demo app's redirect on this service's origin, registered for it: a browser script reads the code there. */
    String REDIRECT_PATH = "/oauth-callback";
}
