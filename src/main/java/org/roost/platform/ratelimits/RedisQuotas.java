package org.roost.platform.ratelimits;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;

import org.roost.platform.shared.DependencyFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Buckets in Redis under {@code {namespace}:}, shared by every instance (Bucket4j's Lettuce integration,
 * compare-and-swap); while Redis is down each quota does as its {@link Quota#whenStoreDown()} says.
 */
final class RedisQuotas implements Quotas {

    private static final Logger log = LoggerFactory.getLogger(Quotas.class);

    private final LettuceConnectionFactory connections;
    private final String namespace;
    private final AtomicReference<Map.Entry<Object, LettuceBasedProxyManager<byte[]>>> current = new AtomicReference<>();
    private final Quotas local = new InMemoryQuotas();

    RedisQuotas(LettuceConnectionFactory connections, String namespace) {
        this.connections = connections;
        this.namespace = namespace;
    }

    @Override
    public Take take(Quota quota, String key, long tokens) {
        try {
            return QuotaBuckets.outcome(buckets().builder()
                    .build((namespace + ":" + QuotaBuckets.bucketKey(quota, key)).getBytes(StandardCharsets.UTF_8),
                            () -> QuotaBuckets.configuration(quota))
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
    }

    /**
     * The factory replaces its native client whenever it is stopped and started again (a restart of the lifecycle,
     * or a paused test context), closing the old client's connections: follow the current one.
     */
    private LettuceBasedProxyManager<byte[]> buckets() {
        return current.updateAndGet(known -> {
            RedisClient client = (RedisClient) connections.getRequiredNativeClient();
            return known != null && known.getKey() == client ? known : Map.entry(client, Bucket4jLettuce
                    .casBasedBuilder(client)
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                    .build());
        }).getValue();
    }
}
