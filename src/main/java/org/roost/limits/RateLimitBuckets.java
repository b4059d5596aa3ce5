package org.roost.limits;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** One token bucket per caller key: in memory, or in Redis (Bucket4j's Lettuce integration) shared by every instance. */
@FunctionalInterface
public interface RateLimitBuckets {

    ConsumptionProbe consume(String key, long tokens);

    static BucketConfiguration configuration(RateLimitProperties properties) {
        return BucketConfiguration.builder().addLimit(limit -> limit.capacity(properties.capacity())
                .refillGreedy(properties.capacity(), properties.window())).build();
    }

    @Configuration(proxyBeanMethods = false)
    class Config {

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
        RateLimitBuckets inMemoryBuckets(RateLimitProperties properties) {
            BucketConfiguration configuration = configuration(properties);
            LoadingCache<String, Bucket> buckets = Caffeine.newBuilder().maximumSize(200_000)
                    .expireAfterAccess(properties.window().multipliedBy(2))
                    .build(key -> Bucket.builder().addLimit(configuration.getBandwidths()[0]).build());
            return (key, tokens) -> buckets.get(key).tryConsumeAndReturnRemaining(tokens);
        }

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
        RateLimitBuckets redisBuckets(RateLimitProperties properties, LettuceConnectionFactory connections,
                @Value("${roost.redis.namespace}") String namespace) {
            BucketConfiguration configuration = configuration(properties);
            // The factory replaces its native client whenever it is stopped and started again (a restart of the
            // lifecycle, or a paused test context), closing the old client's connections: follow the current one.
            AtomicReference<Map.Entry<Object, LettuceBasedProxyManager<byte[]>>> current = new AtomicReference<>();
            Supplier<LettuceBasedProxyManager<byte[]>> buckets = () -> current.updateAndGet(known -> {
                RedisClient client = (RedisClient) connections.getRequiredNativeClient();
                return known != null && known.getKey() == client ? known : Map.entry(client, Bucket4jLettuce
                        .casBasedBuilder(client)
                        .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                        .build());
            }).getValue();
            // Bucket4j keeps the configuration a bucket was first created with: naming the limit in the key makes a
            // changed capacity or window apply at once instead of after the old bucket expires.
            String prefix = namespace + ":rate-limit:" + properties.capacity() + "/" + properties.window().toSeconds() + ":";
            Function<String, byte[]> redisKey = key -> (prefix + key).getBytes(StandardCharsets.UTF_8);
            return (key, tokens) -> buckets.get().builder().build(redisKey.apply(key), () -> configuration)
                    .tryConsumeAndReturnRemaining(tokens);
        }
    }
}
