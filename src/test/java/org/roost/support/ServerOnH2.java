package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * The whole service on a real port with its embedded defaults (H2, sessions in memory, no Redis): the
 * counterpart of {@link ServerOnPostgres}. Every class with this annotation shares one running service.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "roost.redis.enabled=false")
@ActiveProfiles({ "test", "h2" })
public @interface ServerOnH2 {
}
