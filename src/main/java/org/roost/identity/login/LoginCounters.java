package org.roost.identity.login;

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

    /**
     * A counter and the attempts it allows per window: the attempt that brings the count to the allowance
     * starts a back-off, so with an allowance of N the (N+1)th attempt is refused.
     */
    record Limit(String key, int allowance) {

        /**
         * How many back-offs an attempt that brings the count to {@code attempts} starts: none below the
         * allowance, the first at it, one more for each attempt after (each allowed only once the last ended).
         */
        int backOffs(int attempts) {
            return attempts - allowance + 1;
        }
    }

    /** Counts one attempt on every key, unless one is backing off: then answers how long it still does. */
    Duration take(List<Limit> limits, Instant now);

    void forget(List<String> keys);

    /**
     * Takes one attempt back from the key's count (a success from an address that others share). A
     * count that falls below the allowance again ends the back-off the success's own attempt started,
     * so the address's allowance is spent only on failures.
     */
    void giveBack(Limit limit);

    /** The n-th back-off: {@code base-delay} doubled n - 1 times, at most the window. */
    static Duration delay(int backOffs, LoginThrottleProperties properties) {
        Duration delay = properties.baseDelay().multipliedBy(1L << Math.min(30, backOffs - 1));
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
