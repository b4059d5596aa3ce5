package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The whole service against real PostgreSQL and Redis (sessions in Redis), driven through
 * MockMvc. Every class with this annotation shares one application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresServices.class)
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, OpenApiResponseValidation.class })
public @interface IntegrationTest {
}
