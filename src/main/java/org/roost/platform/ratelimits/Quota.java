package org.roost.platform.ratelimits;

import java.time.Duration;

/**
 * A named allowance per key ({@link Quotas}): {@code capacity} tokens per {@code window}.
 *
 * @param name          names the allowance, and its keys in Redis ({@code {namespace}:{name}:{capacity}/{window}:{key}})
 * @param capacity      the tokens of a full bucket
 * @param window        the period in which {@code capacity} tokens come back
 * @param refill        how they come back
 * @param whenStoreDown what a take does while Redis cannot be reached
 */
public record Quota(String name, long capacity, Duration window, Refill refill, WhenStoreDown whenStoreDown) {

    /** A fixed allowance per window, e.g. verification mails per address; throws while Redis is down. */
    public Quota(String name, long capacity, Duration window) {
        this(name, capacity, window, Refill.INTERVAL, WhenStoreDown.FAIL);
    }

    public enum Refill {
        /** Tokens come back one by one, evenly over the window (Bucket4j's greedy refill): a rate. */
        GREEDY,
        /** All come back at once when the window has passed (Bucket4j's interval refill): N per window. */
        INTERVAL
    }

    public enum WhenStoreDown {
        /** The take throws the store's failure (the request answers 503). */
        FAIL,
        /** Nothing is counted and the take is granted ({@link Take.Uncounted}): the API's rate limits. */
        OPEN,
        /** Counted in this instance's memory meanwhile: still limited, per instance. */
        COUNT_LOCALLY
    }
}
