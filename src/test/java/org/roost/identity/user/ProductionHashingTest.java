package org.roost.identity.user;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * A server on a random port with Argon2id at its production cost, on PostgreSQL and Redis: the flood tests'
 * context, declared once so that they share one (and one hashing pool's settings).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "roost.passwords.memory-kib=19456", "roost.passwords.iterations=2",
                "roost.scheduling.enabled=false" }) // no scheduled job competes with the floods for the cores
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
@interface ProductionHashingTest {
}
