package org.roost;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionEnvironmentTest {

    StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        // Only what the test gives: the test run's own isolation sets JVM-wide properties (roost.redis.namespace).
        environment.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        environment.getPropertySources().addFirst(new MapPropertySource("given", properties));
        new ConnectionEnvironment().postProcessEnvironment(environment, new SpringApplication());
        return environment;
    }

    @Test
    void turnsAPlatformDatabaseUrlIntoJdbcSettings() {
        var environment = environment(Map.of("DATABASE_URL", "postgres://roost:s%40cret@db.internal:6543/roost?sslmode=require"));

        assertThat(environment.getProperty("spring.datasource.url"))
                .isEqualTo("jdbc:postgresql://db.internal:6543/roost?sslmode=require");
        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("roost");
        assertThat(environment.getProperty("spring.datasource.password")).isEqualTo("s@cret");
    }

    @Test
    void takesAJdbcDatabaseUrlAsItIs() {
        var environment = environment(Map.of("DATABASE_URL", "jdbc:postgresql://localhost/roost"));

        assertThat(environment.getProperty("spring.datasource.url")).isEqualTo("jdbc:postgresql://localhost/roost");
    }

    @Test
    void usesRedisOnlyWhenItIsConfigured() {
        assertThat(environment(Map.of()).getProperty("roost.redis.enabled")).isEqualTo("false");
        assertThat(environment(Map.of("REDIS_URL", "redis://cache:6379")).getProperty("roost.redis.enabled")).isEqualTo("true");
        assertThat(environment(Map.of("REDIS_URL", "redis://cache:6379")).getProperty("spring.data.redis.url"))
                .isEqualTo("redis://cache:6379");
        assertThat(environment(Map.of("spring.data.redis.host", "cache")).getProperty("roost.redis.enabled")).isEqualTo("true");
    }

    @Test
    void leavesBootsRedisClientOutOnlyWithoutRedisKeepingOtherExclusions() {
        // given an exclusion of the operator's own
        String own = "org.springframework.boot.mail.autoconfigure.MailSenderAutoConfiguration";

        // when
        var without = environment(Map.of("spring.autoconfigure.exclude", own));
        var with = environment(Map.of("spring.autoconfigure.exclude", own, "REDIS_URL", "redis://cache:6379"));
        var switchedOff = environment(Map.of("spring.data.redis.host", "cache", "roost.redis.enabled", "false"));

        // then
        assertThat(without.getProperty("spring.autoconfigure.exclude", String[].class))
                .contains(own).containsAll(ConnectionEnvironment.REDIS_AUTO_CONFIGURATIONS);
        assertThat(with.getProperty("spring.autoconfigure.exclude", String[].class)).containsExactly(own);
        assertThat(switchedOff.getProperty("spring.autoconfigure.exclude", String[].class))
                .containsAll(ConnectionEnvironment.REDIS_AUTO_CONFIGURATIONS);
    }

    @Test
    void namespacesRedisByTheDatabaseThatRedisUrlSelects() {
        // given a REDIS_URL naming database 3 while spring.data.redis.database still says 0
        var environment = environment(Map.of("REDIS_URL", "redis://cache:6379/3", "spring.data.redis.database", "0"));

        // then keys and channels are namespaced by database 3
        assertThat(environment.getProperty("roost.redis.namespace")).isEqualTo("roost:3");
    }

    @Test
    void namespacesRedisByTheConfiguredDatabaseWithoutAUrl() {
        assertThat(environment(Map.of("spring.data.redis.host", "cache", "spring.data.redis.database", "5"))
                .getProperty("roost.redis.namespace")).isEqualTo("roost:5");
        assertThat(environment(Map.of("REDIS_URL", "redis://cache:6379")).getProperty("roost.redis.namespace"))
                .isEqualTo("roost:0");
    }

    @Test
    void keepsAnOperatorsOwnRedisNamespace() {
        assertThat(environment(Map.of("REDIS_URL", "redis://cache:6379/3", "roost.redis.namespace", "blue"))
                .getProperty("roost.redis.namespace")).isEqualTo("blue");
    }
}
