package org.roost.identity.revocation;

import java.time.Instant;

/**
 * Tells the other instances at once about a revocation that this one recorded in the database.
 * Best effort: a message that gets lost is caught up by each instance's periodic re-read.
 */
interface RevocationPublisher {

    void tokenDenied(String jti, Instant expiresAt);

    void credentialsRevoked(long userId, Instant before);

    /** One instance, or no Redis: the database and the periodic re-read are all there is. */
    final class Local implements RevocationPublisher {

        @Override
        public void tokenDenied(String jti, Instant expiresAt) {
        }

        @Override
        public void credentialsRevoked(long userId, Instant before) {
        }
    }
}
