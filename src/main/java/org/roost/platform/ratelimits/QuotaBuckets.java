package org.roost.platform.ratelimits;

import java.time.Duration;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;

/** What both stores of {@link Quotas} build buckets from and read a take's outcome by. */
final class QuotaBuckets {

    private QuotaBuckets() {
    }

    static BucketConfiguration configuration(Quota quota) {
        return BucketConfiguration.builder().addLimit(limit -> switch (quota.refill()) {
            case GREEDY -> limit.capacity(quota.capacity()).refillGreedy(quota.capacity(), quota.window());
            case INTERVAL -> limit.capacity(quota.capacity()).refillIntervally(quota.capacity(), quota.window());
        }).build();
    }

    static String bucketKey(Quota quota, String key) {
        // Bucket4j keeps the configuration a bucket was created with: naming the allowance in the key makes a changed
        // capacity or window apply at once instead of when the old buckets expire.
        return quota.name() + ":" + quota.capacity() + "/" + quota.window().toSeconds() + ":" + key;
    }

    static Take outcome(ConsumptionProbe probe) {
        return probe.isConsumed() ? new Take.Granted(probe.getRemainingTokens())
                : new Take.Refused(probe.getRemainingTokens(), Duration.ofNanos(probe.getNanosToWaitForRefill()));
    }
}
