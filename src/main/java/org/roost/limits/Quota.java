package org.roost.limits;

import java.time.Duration;

/**
 * A named allowance per key: at most {@code capacity} per {@code window}, granted again whole when the window has
 * passed (Bucket4j's interval refill), e.g. verification mails per address.
 */
public record Quota(String name, long capacity, Duration window) {
}
