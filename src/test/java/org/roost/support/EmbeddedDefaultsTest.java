package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;

/**
 * The service as {@code mvn spring-boot:run} starts it: H2 in PostgreSQL mode, sessions in memory,
 * no external service, demo data on. One deprecation is configured so the announcement mechanism can be observed.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(properties = {
        "roost.redis.enabled=false",
        "roost.demo-data.enabled=true",
        "roost.api.deprecations[0].path-prefix=/api/users/",
        "roost.api.deprecations[0].since=2026-11-01T00:00:00Z",
        "roost.api.deprecations[0].sunset=2027-06-01T00:00:00Z",
        "roost.api.deprecations[0].link=https://roost.example/docs/migrate-to-v1" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
@Import(OpenApiResponseValidation.class)
public @interface EmbeddedDefaultsTest {
}
