package org.roost.limits;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;

import org.roost.shared.DependencyFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The one rate-limit mechanism: Bucket4j buckets per (quota, key), in memory or in Redis shared by every instance
 * (Bucket4j's Lettuce integration, compare-and-swap). Each take is atomic, so parallel requests cannot overdraw.
 * The API's per-caller buckets ({@link RateLimitBuckets}), the per-address limits of the sign-in doors, reset
 * requests and verification mails all draw on it. Only the login throttle counts on its own
 * ({@code login.LoginThrottle}: a back-off that doubles, counted on several keys at once or on none).
 */
public interface Quotas {

    /** Takes {@code tokens} from {@code key}'s bucket under {@code quota}, or none when not that many are left. */
    Take take(Quota quota, String key, long tokens);

    /** Takes one; false when the allowance is spent. */
    default boolean tryTake(Quota quota, String key) {
        return take(quota, key, 1).granted();
    }

    private static BucketConfiguration configuration(Quota quota) {
        return BucketConfiguration.builder().addLimit(limit -> switch (quota.refill()) {
            case GREEDY -> limit.capacity(quota.capacity()).refillGreedy(quota.capacity(), quota.window());
            case INTERVAL -> limit.capacity(quota.capacity()).refillIntervally(quota.capacity(), quota.window());
        }).build();
    }

    private static String bucketKey(Quota quota, String key) {
        // Bucket4j keeps the configuration a bucket was created with: naming the allowance in the key makes a changed
        // capacity or window apply at once instead of when the old buckets expire.
        return quota.name() + ":" + quota.capacity() + "/" + quota.window().toSeconds() + ":" + key;
    }

    private static Take outcome(ConsumptionProbe probe) {
        return probe.isConsumed() ? new Take.Granted(probe.getRemainingTokens())
                : new Take.Refused(probe.getRemainingTokens(), Duration.ofNanos(probe.getNanosToWaitForRefill()));
    }

    /**
     * Buckets in this instance's memory, at most 200 000; a bucket left alone for its window is full again, so it
     * is dropped then.
     */
    static Quotas inMemory() {
        Cache<String, Local> buckets = Caffeine.newBuilder().maximumSize(200_000)
                .expireAfter(Expiry.accessing((String key, Local bucket) -> bucket.window())).build();
        return (quota, key, tokens) -> outcome(buckets.get(bucketKey(quota, key),
                k -> new Local(Bucket.builder().addLimit(configuration(quota).getBandwidths()[0]).build(), quota.window()))
                .bucket().tryConsumeAndReturnRemaining(tokens));
    }

    /** An in-memory bucket and the window after which, untouched, it is full again. */
    record Local(Bucket bucket, Duration window) {
    }

    /** Buckets in Redis under {@code {namespace}:}; while it is down each quota does as its {@link Quota#whenStoreDown()} says. */
    static Quotas redis(LettuceConnectionFactory connections, String namespace) {
        Logger log = LoggerFactory.getLogger(Quotas.class);
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
        Quotas local = inMemory();
        return (quota, key, tokens) -> {
            try {
                return outcome(buckets.get().builder()
                        .build((namespace + ":" + bucketKey(quota, key)).getBytes(StandardCharsets.UTF_8),
                                () -> configuration(quota))
                        .tryConsumeAndReturnRemaining(tokens));
            }
            catch (RuntimeException failure) {
                if (!DependencyFailures.isUnavailable(failure)) {
                    throw failure;
                }
                return switch (quota.whenStoreDown()) {
                    case FAIL -> throw failure;
                    case OPEN -> {
                        log.debug("{} not applied, its store is unavailable: {}", quota.name(), failure.toString());
                        yield new Take.Uncounted();
                    }
                    case COUNT_LOCALLY -> {
                        log.warn("Redis is unavailable: {} is counted per instance meanwhile ({})", quota.name(),
                                failure.getMessage());
                        yield local.take(quota, key, tokens);
                    }
                };
            }
        };
    }

    @Configuration(proxyBeanMethods = false)
    class Config {

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
        Quotas inMemoryQuotas() {
            return inMemory();
        }

        @Bean
        @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
        Quotas redisQuotas(LettuceConnectionFactory connections, @Value("${roost.redis.namespace}") String namespace) {
            return redis(connections, namespace);
        }
    }
}
