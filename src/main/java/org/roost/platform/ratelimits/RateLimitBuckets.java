package org.roost.platform.ratelimits;

import java.time.Duration;
import java.util.Optional;

import org.springframework.stereotype.Component;

/**
 * The API's token buckets ({@code roost.rate-limits.*}) as a {@link Quota} of the one mechanism ({@link Quotas}):
 * per caller for /api and /graphql, and per address at the doors reached before anyone is known (the
 * authorization server, sign-in pages, provider sign-ins, passkeys), each door with its own key prefix. A greedy
 * refill (a rate, not N per window) that fails open while Redis is down, so an outage of the store does not
 * refuse the API.
 */
@Component
public final class RateLimitBuckets {

    private final RateLimitProperties properties;
    private final Quotas quotas;

    RateLimitBuckets(RateLimitProperties properties, Quotas quotas) {
        this.properties = properties;
        this.quotas = quotas;
    }

    /** Takes {@code tokens} from the bucket of {@code key} (a caller, or a door's address key). */
    Take take(String key, long tokens) {
        return quotas.take(quota(), key, tokens);
    }

    /**
     * Charges {@code tokens} to {@code door}'s bucket for {@code address}: empty when the request may go on
     * (limits off, granted, or the store down), else the {@code Retry-After} to answer 429 with.
     */
    public Optional<Duration> refusal(String door, String address, long tokens) {
        if (!properties.enabled()) {
            return Optional.empty();
        }
        return take(door + "-address:" + address, tokens) instanceof Take.Refused refused
                ? Optional.of(refused.retryAfter()) : Optional.empty();
    }

    private Quota quota() {
        // Named "rate-limit": its Redis keys stay {namespace}:rate-limit:{capacity}/{window}:<caller>, as documented.
        return new Quota("rate-limit", properties.capacity(), properties.window(), Quota.Refill.GREEDY,
                Quota.WhenStoreDown.OPEN);
    }
}
