package org.roost.graphql;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.OpenApiResponseValidation;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The whole service on a random port (WebSocket, SSE and the node audit need a real server) and
 * through MockMvc, with SQL statements counted. Every GraphQL test class shares this one context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "roost.graphql.session-check-interval=1s", "roost.live.sse-heartbeat=300ms",
                "roost.live.subscriber-buffer=64",
                // A schema of its own: every other test context cleans the shared one when it starts, and this
                // long-lived context would then lose the signing key its tokens name.
                "spring.datasource.url=jdbc:postgresql://${ROOST_TEST_PG_HOST:127.0.0.1}:${ROOST_TEST_PG_PORT:5432}/"
                        + "${ROOST_TEST_PG_DB:test}?currentSchema=${roost.test.schema}_live",
                "spring.flyway.schemas=${roost.test.schema}_live" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, StatementCounter.class, OpenApiResponseValidation.class })
public @interface LiveGraphQlTest {
}
