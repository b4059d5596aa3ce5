package org.roost.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The login protection's counters: in memory, or in Redis shared by every instance. One attempt is
 * counted on several keys at once (the pair, the username, the address), atomically: either every
 * key counts it, or one of them is backing off and none does.
 */
interface LoginCounters {

    /** A counter and the attempts it allows per window before back-off starts. */
    record Limit(String key, int allowance) {
    }

    /** Counts one attempt on every key, unless one is backing off: then answers how long it still does. */
    Duration take(List<Limit> limits, Instant now);

    void forget(List<String> keys);

    /** Takes one attempt back from the key's count (a success from an address that others share). */
    void giveBack(String key);

    /** The back-off after the n-th attempt past the allowance: {@code base-delay} doubled n - 1 times, at most the window. */
    static Duration delay(int pastAllowance, LoginThrottleProperties properties) {
        Duration delay = properties.baseDelay().multipliedBy(1L << Math.min(30, pastAllowance - 1));
        return delay.compareTo(properties.window()) > 0 ? properties.window() : delay;
    }

    @Configuration(proxyBeanMethods = false)
    class Config {

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
        LoginCounters inMemoryLoginCounters(LoginThrottleProperties properties) {
            return new InMemoryLoginCounters(properties);
        }

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
        LoginCounters redisLoginCounters(LoginThrottleProperties properties, StringRedisTemplate redis,
                @Value("${roost.redis.namespace}") String namespace) {
            return new RedisLoginCounters(redis, namespace + ":login-throttle:", properties,
                    new InMemoryLoginCounters(properties));
        }
    }
}
