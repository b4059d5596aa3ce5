package org.roost;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/** The PostgreSQL driver's timeouts follow roost.database.*, however the database was chosen. */
class DatabaseTimeoutsTest {

    private static final String DRIVER = "spring.datasource.hikari.data-source-properties";

    StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("given", new HashMap<>(properties)));
        new ConnectionEnvironment().postProcessEnvironment(environment, new SpringApplication());
        return environment;
    }

    @Test
    void givesAPlatformDatabaseUrlTheConfiguredDriverTimeouts() {
        // given a DATABASE_URL and configured timeouts
        var environment = environment(Map.of("DATABASE_URL", "postgres://roost@db:5432/roost",
                "roost.database.connect-timeout", "3s", "roost.database.socket-timeout", "1500ms",
                "roost.database.statement-timeout", "750ms"));

        // then the driver gets them, in its own units (whole seconds, rounded up; milliseconds)
        assertThat(environment.getProperty(DRIVER + "[connectTimeout]")).isEqualTo("3");
        assertThat(environment.getProperty(DRIVER + "[loginTimeout]")).isEqualTo("3");
        assertThat(environment.getProperty(DRIVER + "[socketTimeout]")).isEqualTo("2");
        assertThat(environment.getProperty(DRIVER + "[options]")).isEqualTo("-c statement_timeout=750");
    }

    @Test
    void givesASpringDatasourceUrlTheDefaultDriverTimeouts() {
        var environment = environment(Map.of("spring.datasource.url", "jdbc:postgresql://localhost/roost"));

        assertThat(environment.getProperty(DRIVER + "[socketTimeout]")).isEqualTo("2");
        assertThat(environment.getProperty(DRIVER + "[options]")).isEqualTo("-c statement_timeout=1500");
    }

    @Test
    void keepsAnExplicitDriverPropertyAndNoTimeoutAtAll() {
        var environment = environment(Map.of("spring.datasource.url", "jdbc:postgresql://localhost/roost",
                DRIVER + ".socketTimeout", "30", "roost.database.connect-timeout", "0s"));

        assertThat(environment.getProperty(DRIVER + "[socketTimeout]")).isNull();
        assertThat(environment.getProperty(DRIVER + "[connectTimeout]")).isEqualTo("0");
    }

    @Test
    void leavesOtherDatabasesAlone() {
        // H2 refuses connection properties it does not know
        var environment = environment(Map.of("spring.datasource.url", "jdbc:h2:mem:roost"));

        assertThat(environment.getProperty(DRIVER + "[socketTimeout]")).isNull();
        assertThat(environment.getProperty(DRIVER + "[options]")).isNull();
    }
}
