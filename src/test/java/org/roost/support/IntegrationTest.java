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
 * configurations"): on a real port (for HTTP clients, WebSocket, SSE, browsers) and through MockMvc, with SQL
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
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "roost.graphql.session-check-interval=1s", "roost.live.sse-heartbeat=300ms",
                "roost.live.subscriber-buffer=64" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, OpenApiResponseValidation.class, StatementCounter.class, SteppingClock.Config.class })
public @interface IntegrationTest {
}
