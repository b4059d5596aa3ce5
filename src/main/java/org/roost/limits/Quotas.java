package org.roost.limits;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Limits per target (an address, an account) on the same mechanism as the API's rate limits: Bucket4j buckets, in
 * memory or in Redis shared by every instance. Each take is atomic, so parallel requests cannot overdraw.
 */
@FunctionalInterface
public interface Quotas {

    /** Takes one from {@code key}'s allowance under {@code quota}; false when it is spent. */
    boolean tryTake(Quota quota, String key);

    private static BucketConfiguration configuration(Quota quota) {
        return BucketConfiguration.builder().addLimit(limit -> limit.capacity(quota.capacity())
                .refillIntervally(quota.capacity(), quota.window())).build();
    }

    private static String bucketKey(Quota quota, String key) {
        // The allowance is in the key: a changed capacity or window applies at once, not when old buckets expire.
        return quota.name() + ":" + quota.capacity() + "/" + quota.window().toSeconds() + ":" + key;
    }

    @Configuration(proxyBeanMethods = false)
    class Config {

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
        Quotas inMemoryQuotas() {
            Cache<String, Bucket> buckets = Caffeine.newBuilder().maximumSize(200_000)
                    .expireAfterAccess(Duration.ofDays(1)).build();
            return (quota, key) -> buckets.get(bucketKey(quota, key),
                    k -> Bucket.builder().addLimit(configuration(quota).getBandwidths()[0]).build()).tryConsume(1);
        }

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
        Quotas redisQuotas(LettuceConnectionFactory connections, @Value("${roost.redis.namespace}") String namespace) {
            // As in RateLimitBuckets: follow the factory's current native client across lifecycle restarts.
            AtomicReference<Map.Entry<Object, LettuceBasedProxyManager<byte[]>>> current = new AtomicReference<>();
            Supplier<LettuceBasedProxyManager<byte[]>> buckets = () -> current.updateAndGet(known -> {
                RedisClient client = (RedisClient) connections.getRequiredNativeClient();
                return known != null && known.getKey() == client ? known : Map.entry(client, Bucket4jLettuce
                        .casBasedBuilder(client)
                        .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                        .build());
            }).getValue();
            return (quota, key) -> buckets.get().builder()
                    .build((namespace + ":quota:" + bucketKey(quota, key)).getBytes(StandardCharsets.UTF_8),
                            () -> configuration(quota))
                    .tryConsume(1);
        }
    }
}
