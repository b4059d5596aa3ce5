package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole service on a real port, on PostgreSQL with sessions and revocations in Redis: for tests that drive it
 * as an outside client would, over HTTP. The same running service as {@link IntegrationTest} (one start-up for both);
 * the name says how the tests use it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@IntegrationTest
public @interface ServerOnPostgres {
}
