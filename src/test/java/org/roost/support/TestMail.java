package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.test.context.TestPropertySource;

/**
 * The service mails through the run's {@link TestMailServer}. Properties rather than a {@code @DynamicPropertySource}
 * method, so that every class with the same other annotations shares one context (both shared configurations,
 * {@link IntegrationTest} and {@link ServerOnH2}, have it). The port is filled in when a context starts
 * ({@link SchemaPerContext}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@TestPropertySource(properties = { "spring.mail.host=127.0.0.1", "spring.mail.port=${" + TestMail.PORT_PROPERTY + "}" })
public @interface TestMail {

    String PORT_PROPERTY = "roost.test.mail-port";
}
