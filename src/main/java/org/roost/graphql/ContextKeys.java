package org.roost.graphql;

/** Keys of the GraphQL context that every transport fills the same way, and of the attributes they hand an operation. */
public final class ContextKeys {

    static final String CALLER = "roost.caller";
    static final String REQUEST_ID = "roost.requestId";
    /** The HTTP request's {@link org.roost.platform.ratelimits.RateLimitCharge}, which the operation limits charge the operation's cost to. */
    public static final String RATE_LIMIT = "roost.rateLimit";
    /** The request attribute (and WebSocket session attribute) with the id of the request that brought the operation. */
    public static final String REQUEST_ID_ATTRIBUTE = "roost.requestIdAttribute";

    private ContextKeys() {
    }
}
