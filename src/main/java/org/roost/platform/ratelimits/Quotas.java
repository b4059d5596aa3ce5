package org.roost.platform.ratelimits;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The one rate-limit mechanism: Bucket4j buckets per (quota, key), in memory ({@link InMemoryQuotas}) or in Redis
 * shared by every instance ({@link RedisQuotas}). Each take is atomic, so parallel requests cannot overdraw. The
 * API's per-caller buckets ({@link RateLimitBuckets}), the per-address limits of the sign-in doors, reset requests
 * and verification mails all draw on it. Only the login throttle counts on its own ({@code login.LoginThrottle}: a
 * back-off that doubles, counted on several keys at once or on none), and two-factor codes in the database.
 */
public interface Quotas {

    /** Takes {@code tokens} from {@code key}'s bucket under {@code quota}, or none when not that many are left. */
    Take take(Quota quota, String key, long tokens);

    /** Takes one; false when the allowance is spent. */
    default boolean tryTake(Quota quota, String key) {
        return take(quota, key, 1).granted();
    }

    @Configuration(proxyBeanMethods = false)
    class Config {

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
        Quotas inMemoryQuotas() {
            return new InMemoryQuotas();
        }

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
        Quotas redisQuotas(LettuceConnectionFactory connections, @Value("${roost.redis.namespace}") String namespace) {
            return new RedisQuotas(connections, namespace);
        }
    }
}
