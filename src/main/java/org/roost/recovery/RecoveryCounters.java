package org.roost.recovery;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Fixed-window counters for reset requests: in Redis when it is configured (shared by every instance), else in
 * memory. While Redis is down they count in memory, so requests are still throttled, per instance.
 */
@Component
class RecoveryCounters {

    private final @Nullable StringRedisTemplate redis;
    private final String prefix;
    private final Duration window;
    private final Cache<String, AtomicLong> local;

    RecoveryCounters(ObjectProvider<StringRedisTemplate> redis, RecoveryProperties properties,
            @Value("${roost.redis.enabled:false}") boolean redisEnabled, @Value("${roost.redis.namespace:}") String namespace) {
        this.redis = redisEnabled ? redis.getIfAvailable() : null;
        this.prefix = namespace + ":recovery:";
        this.window = properties.window();
        this.local = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(window).build();
    }

    /** Counts one more for {@code key}; true while the count is within {@code limit}. */
    boolean take(String key, int limit) {
        return count(key) <= limit;
    }

    private long count(String key) {
        if (redis != null) {
            try {
                Long count = redis.opsForValue().increment(prefix + key);
                if (count != null && count == 1) {
                    redis.expire(prefix + key, window);
                }
                return count == null ? 1 : count;
            }
            catch (DataAccessException down) {
                LoggerFactory.getLogger(RecoveryCounters.class).warn("Redis is unavailable: reset requests are "
                        + "counted per instance meanwhile ({})", down.getMessage());
            }
        }
        return local.get(key, k -> new AtomicLong()).incrementAndGet();
    }
}
