package org.roost.platform.ratelimits;

import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.springframework.stereotype.Component;

/**
 * The same budgets as HTTP for operations that arrive on a WebSocket: each {@code subscribe} message pays
 * the base of a GraphQL request ({@code graph-ql-cost}) from the caller's bucket, and its computed cost
 * later, as over HTTP. Without it, one socket could send any number of operations for the price of its
 * handshake.
 */
@Component
public class SocketRateLimits {

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;

    SocketRateLimits(RateLimitProperties properties, RateLimitBuckets buckets) {
        this.properties = properties;
        this.buckets = buckets;
    }

    /**
     * Charges one operation's base and returns the charge its cost is added to; empty when limits are off.
     *
     * @throws org.roost.platform.shared.ApiException {@code RATE_LIMITED} when the caller's budget is spent
     */
    public Optional<RateLimitCharge> operation(@Nullable Caller caller, String address) {
        if (!properties.enabled()) {
            return Optional.empty();
        }
        RateLimitCharge charge = new RateLimitCharge(properties, buckets, RateLimitCharge.callerKey(Optional.ofNullable(caller), address), null);
        charge.take(properties.graphQlCost());
        return Optional.of(charge);
    }
}
