/**
 * Every rate limit on one mechanism, {@link Quotas}: Bucket4j buckets per limit and key, in memory or in Redis
 * shared by every instance (only the login throttle's back-off counts on its own, see {@code login.LoginThrottle}).
 * On it: the API's rate limits ({@link RateLimitBuckets}), one token bucket per caller, charged per request by
 * {@link RateLimitFilter} in the API chain and per GraphQL operation by its computed cost. Public: {@link Quotas},
 * {@link Quota} and {@link Take} (for any module's limit per target), {@link RateLimitBuckets#refusal} (the per-address
 * limits of the doors reached before sign-in), the filter and what it is built from (for the security chain), the
 * per-request {@link RateLimitCharge} and {@link SocketRateLimits} (for GraphQL).
 */
@NamedInterface("ratelimits")
@NullMarked
package org.roost.platform.ratelimits;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
