package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.stereotype.Repository;
import org.springframework.test.context.ActiveProfiles;

/**
 * The repository slice on H2 (docs/testing.md, "The pyramid"): a {@code @JdbcTest} with the DataSource, JdbcClient,
 * transactions and Flyway of the embedded defaults (H2 in PostgreSQL mode, the service's own migrations) and every
 * {@code @Repository} of the service, nothing else (no web, no security, no scheduling). Each test runs in a
 * transaction that is rolled back. All the repository slices on H2 share this one context: use it as it is.
 * Every repository is included (they need only a JdbcClient) so that no test narrows it into a configuration of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@JdbcTest(includeFilters = @ComponentScan.Filter(Repository.class))
// Not Boot's own embedded database: the service's H2 URL (PostgreSQL mode) from application-h2.yml
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ActiveProfiles({ "test", "h2" })
public @interface RepositorySliceOnH2 {
}
