package org.roost.platform.ratelimits;

import java.time.Duration;

/** What a take from a {@link Quota} came to. */
public sealed interface Take {

    /** The tokens were taken; {@code remaining} are left. */
    record Granted(long remaining) implements Take {
    }

    /** Not enough tokens: nothing was taken; {@code untilRefill} passes before enough are back. */
    record Refused(long remaining, Duration untilRefill) implements Take {

        /** The wait in whole seconds, rounded up and at least 1, for {@code Retry-After}. */
        public Duration retryAfter() {
            return Duration.ofSeconds(Math.max(1, (untilRefill.toNanos() + 999_999_999L) / 1_000_000_000L));
        }
    }

    /** The store was down and the quota fails open ({@link Quota.WhenStoreDown#OPEN}): nothing was counted. */
    record Uncounted() implements Take {
    }

    default boolean granted() {
        return !(this instanceof Refused);
    }
}
