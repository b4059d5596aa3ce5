package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The service as {@code mvn spring-boot:run} starts it (H2 in PostgreSQL mode, sessions in memory, no Redis; mail
 * goes to the run's test mail server), driven through MockMvc: the same running service as {@link ServerOnH2} (one
 * start-up for both).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ServerOnH2
public @interface EmbeddedDefaultsTest {
}
