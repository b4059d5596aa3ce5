package org.roost.platform.availability;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * The {@code db} and {@code redis} health indicators (these names replace Boot's own, which check
 * on the caller's thread and so wait as long as a hung dependency lets them). Readiness includes
 * {@code db} only: see docs/operations.md, "Dependencies and failure".
 */
@Configuration(proxyBeanMethods = false)
class DependencyProbes {

    private final List<DependencyProbe> probes;

    DependencyProbes(List<DependencyProbe> probes) {
        this.probes = probes;
    }

    @Bean
    static DependencyProbe dbHealthIndicator(DataSource dataSource, Clock clock, ProbeProperties properties) {
        int seconds = (int) Math.max(1, properties.interval().toSeconds());
        return new DependencyProbe("The database", () -> {
            try (Connection connection = dataSource.getConnection()) {
                if (!connection.isValid(seconds)) {
                    throw new SQLException("The connection did not answer within " + seconds + " s");
                }
            }
        }, clock, properties.staleAfter());
    }

    @Bean
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
    static DependencyProbe redisHealthIndicator(RedisConnectionFactory redis, Clock clock, ProbeProperties properties) {
        return new DependencyProbe("Redis", () -> {
            try (RedisConnection connection = redis.getConnection()) {
                connection.ping();
            }
        }, clock, properties.staleAfter());
    }

    @Scheduled(initialDelay = 0, fixedDelayString = "${roost.health.probes.interval}")
    void probe() {
        probes.forEach(DependencyProbe::probeInBackground);
    }
}
