package org.roost.platform.ratelimits;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.github.bucket4j.Bucket;

/**
 * Buckets in this instance's memory, at most 200 000 of every quota together; a bucket left alone for its window is
 * full again, so it is dropped then.
 */
final class InMemoryQuotas implements Quotas {

    private final Cache<String, Local> buckets = Caffeine.newBuilder().maximumSize(200_000)
            .expireAfter(Expiry.accessing((String key, Local bucket) -> bucket.window())).build();

    @Override
    public Take take(Quota quota, String key, long tokens) {
        return QuotaBuckets.outcome(buckets.get(QuotaBuckets.bucketKey(quota, key),
                        k -> new Local(Bucket.builder().addLimit(QuotaBuckets.configuration(quota).getBandwidths()[0]).build(),
                                quota.window()))
                .bucket().tryConsumeAndReturnRemaining(tokens));
    }

    private record Local(Bucket bucket, Duration window) {
    }
}
