package org.roost.identity.revocation;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.roost.identity.user.UserEvents;
import org.roost.platform.shared.Timestamps;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.stereotype.Component;

/**
 * "Everything this user held before time T is void": written to the database in the transaction
 * that deletes the user or changes their password, and kept in memory so that checking a
 * credential costs no database read.
 */
@Component
public class CredentialRevocations {

    private final JdbcClient jdbc;
    private final Clock clock;
    private final RevocationPublisher publisher;
    private final Map<Long, Instant> revokedBefore = new ConcurrentHashMap<>();

    CredentialRevocations(JdbcClient jdbc, Clock clock, RevocationPublisher publisher) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.publisher = publisher;
    }

    /** Also re-read periodically: a revocation whose Redis message was lost still arrives. */
    @EventListener(ApplicationReadyEvent.class)
    @Scheduled(fixedDelayString = "${roost.tokens.sync-interval}", initialDelayString = "${roost.tokens.sync-interval}")
    void load() {
        jdbc.sql("SELECT user_id, revoked_before FROM credential_revocations")
                .query((rs, row) -> Map.entry(rs.getLong(1), rs.getObject(2, OffsetDateTime.class).toInstant()))
                .list().forEach(e -> revokedBefore.merge(e.getKey(), e.getValue(), CredentialRevocations::later));
    }

    @EventListener
    void on(UserEvents.CredentialsRevoked event) {
        Instant now = clock.instant();
        int updated = jdbc.sql("UPDATE credential_revocations SET revoked_before = :t WHERE user_id = :id")
                .param("id", event.userId()).param("t", Timestamps.utc(now)).update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO credential_revocations (user_id, revoked_before) VALUES (:id, :t)")
                    .param("id", event.userId()).param("t", Timestamps.utc(now)).update();
        }
        remember(event.userId(), now);
    }

    /** Other instances hear of it only once it is committed: a rolled-back change revokes nothing there. */
    @TransactionalEventListener(fallbackExecution = true)
    void publish(UserEvents.CredentialsRevoked event) {
        Instant before = revokedBefore.get(event.userId());
        if (before != null) {
            publisher.credentialsRevoked(event.userId(), before);
        }
    }

    /** Records a revocation learnt from elsewhere (another instance). */
    public void remember(long userId, Instant before) {
        revokedBefore.merge(userId, before, CredentialRevocations::later);
    }

    /** Whether a credential the user obtained at {@code issuedAt} has been revoked since. */
    public boolean isRevoked(long userId, Instant issuedAt) {
        Instant before = revokedBefore.get(userId);
        return before != null && issuedAt.isBefore(before);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
