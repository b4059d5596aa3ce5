package org.roost.graphql;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.roost.support.IntegrationTest;

/**
 * The whole service on a random port (WebSocket, SSE and the node audit need a real server) and through MockMvc,
 * with SQL statements counted ({@link StatementCounter}): the shared {@link IntegrationTest} service, under the
 * name the GraphQL tests know.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@IntegrationTest
public @interface LiveGraphQlTest {
}
