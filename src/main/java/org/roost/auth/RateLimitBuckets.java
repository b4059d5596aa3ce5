package org.roost.auth;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** One token bucket per caller key: in memory, or in Redis (Bucket4j's Lettuce integration) shared by every instance. */
@FunctionalInterface
interface RateLimitBuckets {

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
        RateLimitBuckets redisBuckets(RateLimitProperties properties, LettuceConnectionFactory connections) {
            BucketConfiguration configuration = configuration(properties);
            LettuceBasedProxyManager<byte[]> buckets = Bucket4jLettuce
                    .casBasedBuilder((RedisClient) connections.getRequiredNativeClient())
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                    .build();
            Function<String, byte[]> redisKey = key -> ("roost:rate-limit:" + key).getBytes(StandardCharsets.UTF_8);
            // A bucket stored with other limits (the settings changed) takes these, keeping what it had left.
            long version = java.util.Objects.hash(properties.capacity(), properties.window());
            return (key, tokens) -> buckets.builder()
                    .withImplicitConfigurationReplacement(version, TokensInheritanceStrategy.AS_IS)
                    .build(redisKey.apply(key), () -> configuration)
                    .tryConsumeAndReturnRemaining(tokens);
        }
    }
}
