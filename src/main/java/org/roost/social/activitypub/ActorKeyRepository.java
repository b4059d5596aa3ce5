package org.roost.social.activitypub;

import java.time.Instant;
import java.util.Optional;

import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code activitypub_keys} table: one key pair per person, written once. */
@Repository
class ActorKeyRepository {

    private final JdbcClient jdbc;

    ActorKeyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<String> publicKeyPem(long userId) {
        return jdbc.sql("SELECT public_key_pem FROM activitypub_keys WHERE user_id = :user").param("user", userId)
                .query(String.class).optional();
    }

    Optional<String> privateKeyPem(long userId) {
        return jdbc.sql("SELECT private_key_pem FROM activitypub_keys WHERE user_id = :user").param("user", userId)
                .query(String.class).optional();
    }

    /**
     * Keeps the pair unless the person has one already: of two first reads racing (on two instances, say) the first
     * insert wins and the other's pair is dropped, so both then read the one that was kept.
     */
    void insertIfAbsent(long userId, String publicKeyPem, String privateKeyPem, Instant now) {
        jdbc.sql("INSERT INTO activitypub_keys (user_id, public_key_pem, private_key_pem, created_at)"
                        + " VALUES (:user, :public, :private, :now) ON CONFLICT DO NOTHING")
                .param("user", userId).param("public", publicKeyPem).param("private", privateKeyPem)
                .param("now", Timestamps.utc(now)).update();
    }
}
