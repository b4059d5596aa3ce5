package org.roost.identity.revocation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Access tokens refused before they expire. The database is the durable record (it survives a
 * restart of the service, of Redis, or both); every instance keeps the live entries in memory, so
 * a request costs a map lookup; Redis tells the other instances at once, and a periodic re-read of
 * recent rows catches up whatever a lost message or an outage missed.
 */
@Component
public class TokenDenylist {

    private final JdbcClient jdbc;
    private final Clock clock;
    private final RevocationPublisher publisher;
    private final Duration syncInterval;
    private final Map<String, Instant> denied = new ConcurrentHashMap<>();
    private volatile Instant readUpTo = Instant.EPOCH;

    TokenDenylist(JdbcClient jdbc, Clock clock, RevocationPublisher publisher,
            @Value("${roost.tokens.sync-interval}") Duration syncInterval) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.publisher = publisher;
        this.syncInterval = syncInterval;
    }

    /** Refuses the token with this id from now until it expires, on every instance. */
    public void deny(String jti, Instant expiresAt) {
        if (!expiresAt.isAfter(clock.instant())) {
            return;
        }
        // Denying twice is not an error (logging out twice, a token and then its grant). No failed insert either:
        // on PostgreSQL one aborts the surrounding transaction (a consent revocation ending several authorizations).
        jdbc.sql("INSERT INTO denied_tokens (jti, expires_at, denied_at) VALUES (:jti, :exp, :now) ON CONFLICT DO NOTHING")
                .param("jti", jti).param("exp", Timestamps.utc(expiresAt)).param("now", Timestamps.utc(clock.instant())).update();
        remember(jti, expiresAt);
        publisher.tokenDenied(jti, expiresAt);
    }

    public boolean isDenied(String jti) {
        return denied.containsKey(jti);
    }

    /** Records a denial learnt from elsewhere (another instance). */
    void remember(String jti, Instant expiresAt) {
        denied.put(jti, expiresAt);
    }

    @EventListener(ApplicationReadyEvent.class)
    void load() {
        readSince(Instant.EPOCH);
    }

    @Scheduled(fixedDelayString = "${roost.tokens.sync-interval}", initialDelayString = "${roost.tokens.sync-interval}")
    void catchUp() {
        // Overlap the previous read, so a row committed late by a slow transaction is not skipped.
        readSince(readUpTo.minus(syncInterval).minusSeconds(60));
        Instant now = clock.instant();
        denied.values().removeIf(expiry -> expiry.isBefore(now));
    }

    private void readSince(Instant since) {
        Instant now = clock.instant();
        jdbc.sql("SELECT jti, expires_at FROM denied_tokens WHERE denied_at >= :since AND expires_at > :now")
                .param("since", Timestamps.utc(since)).param("now", Timestamps.utc(now))
                .query((rs, row) -> Map.entry(rs.getString(1), rs.getObject(2, OffsetDateTime.class).toInstant()))
                .list().forEach(e -> denied.put(e.getKey(), e.getValue()));
        readUpTo = now;
    }

    @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT5M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM denied_tokens WHERE expires_at < :now").param("now", Timestamps.utc(clock.instant())).update();
    }

}
