package org.roost.support;

import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** Each test context starts from an empty schema, so a run never depends on what an earlier one left. */
@TestConfiguration(proxyBeanMethods = false)
public class TestDatabaseConfig {

    @Bean
    FlywayMigrationStrategy cleanThenMigrate() {
        return flyway -> {
            if (flyway.getConfiguration().isCleanDisabled()) {
                flyway.migrate();
                return;
            }
            flyway.clean();
            flyway.migrate();
        };
    }
}
