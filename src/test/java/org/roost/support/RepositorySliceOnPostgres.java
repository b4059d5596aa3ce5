package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Repository;
import org.springframework.test.context.ActiveProfiles;

/**
 * {@link RepositorySliceOnH2} on the test PostgreSQL: a schema of the context's own (SchemaPerContext), cleaned and
 * migrated at start (TestDatabaseConfig), with every {@code @Repository}. For the statements whose behaviour or plan
 * differs between the databases, and the query plans (EXPLAIN ANALYZE) of the hot statements. A test that must
 * commit (VACUUM runs outside a transaction) adds {@code @Transactional(propagation = NOT_SUPPORTED)} on its class,
 * which does not change the context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@JdbcTest(includeFilters = @ComponentScan.Filter(Repository.class))
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ActiveProfiles({ "test", "postgres" })
@Import(TestDatabaseConfig.class)
@ExtendWith(RequiresServices.class)
public @interface RepositorySliceOnPostgres {
}
