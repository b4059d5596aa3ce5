package org.roost.authorization.backchannel;

import java.time.Instant;

/** One logout token to deliver: {@code id} is its {@code jti}. */
record Delivery(String id, String clientId, String logoutUri, String issuer, String subject, String sid, int attempts,
        Instant deadline) {
}
