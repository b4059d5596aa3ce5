/**
 * The API's rate limits: one token bucket per caller (in memory or Redis), charged per request by
 * {@link RateLimitFilter} in the API chain and per GraphQL operation by its computed cost. Public: the
 * filter and what it is built from (for the security chain), the per-request {@link RateLimitCharge}
 * and {@link SocketRateLimits} (for GraphQL).
 */
@NullMarked
package org.roost.limits;

import org.jspecify.annotations.NullMarked;
