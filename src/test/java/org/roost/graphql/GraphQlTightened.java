package org.roost.graphql;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The service with GraphQL's switches turned the other way and its caps low (subscriptions per connection, caller
 * and address; introspection off), plus a test-only schema of logging resolvers: settings that would disturb the
 * shared service, gathered in one context (docs/testing.md, "Shared configurations") for SubscriptionCapsTest,
 * GraphQlSwitchesTest, RequestIdLoggingTest, ResponseBudgetOnServiceTest and limits.GraphQlRateLimitTest. Each test here uses its own users, so
 * the low caps meet only it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "roost.graphql.subscriptions.per-connection=3", "roost.graphql.subscriptions.per-caller=5",
        "roost.graphql.subscriptions.per-address=12",
        // a budget that does not refill while a test runs (GraphQlRateLimitTest counts it down)
        "roost.rate-limits.capacity=300", "roost.rate-limits.window=1h",
        "roost.graphql.introspection=false",
        // a response budget a test can pass with a few posts (ResponseBudgetOnServiceTest); the others answer far less
        "roost.graphql.max-response-size=32KB",
        "spring.graphql.schema.locations=classpath:graphql/**/,classpath:graphql-logging/",
        // Budgets of their own: user ids restart in every schema, and Redis keeps a drained bucket across runs
        "roost.redis.namespace=roost-test-caps-${random.uuid}" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, RequestIdLoggingTest.LoggingResolvers.class })
public @interface GraphQlTightened {
}
