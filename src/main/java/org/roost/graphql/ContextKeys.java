package org.roost.graphql;

/** Keys of the GraphQL context that every transport fills the same way. */
final class ContextKeys {

    static final String CALLER = "roost.caller";
    static final String REQUEST_ID = "roost.requestId";
    /** The HTTP request's {@link org.roost.limits.RateLimitCharge}, which {@link QueryLimits} charges the operation's cost to. */
    static final String RATE_LIMIT = "roost.rateLimit";

    private ContextKeys() {
    }
}
