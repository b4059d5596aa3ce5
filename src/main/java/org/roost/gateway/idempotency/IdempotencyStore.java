package org.roost.gateway.idempotency;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Keys and first responses in the database. Claiming a key is an insert under the primary key
 * (caller, key): of two instances racing with the same key, exactly one inserts and runs the request.
 */
@Component
class IdempotencyStore {

    /** What a repeat finds: the first request still running, or its stored response. */
    record Entry(String fingerprint, Instant createdAt, @Nullable Integer status, @Nullable String contentType,
            @Nullable String location, @Nullable String etag, @Nullable String body) {
    }

    record Response(int status, @Nullable String contentType, @Nullable String location, @Nullable String etag,
            String body) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;
    private final IdempotencyProperties properties;

    IdempotencyStore(JdbcClient jdbc, Clock clock, IdempotencyProperties properties) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.properties = properties;
    }

    /** @return true if this request now owns the key and runs; false if a record exists already */
    boolean claim(String caller, String key, String fingerprint) {
        Instant now = clock.instant();
        try {
            jdbc.sql("INSERT INTO idempotency_keys (caller, idem_key, fingerprint, created_at) VALUES (:c, :k, :f, :t)")
                    .param("c", caller).param("k", key).param("f", fingerprint).param("t", Timestamps.utc(now)).update();
            return true;
        }
        catch (DuplicateKeyException taken) {
            // An expired record, or one whose first request died with its instance, is taken over.
            return jdbc.sql("UPDATE idempotency_keys SET fingerprint = :f, created_at = :t, status = NULL, content_type = NULL,"
                    + " location = NULL, etag = NULL, body = NULL WHERE caller = :c AND idem_key = :k"
                    + " AND (created_at < :expired OR (status IS NULL AND created_at < :stale))")
                    .param("c", caller).param("k", key).param("f", fingerprint).param("t", Timestamps.utc(now))
                    .param("expired", Timestamps.utc(now.minus(properties.retention())))
                    .param("stale", Timestamps.utc(now.minus(properties.inFlightLimit()))).update() == 1;
        }
    }

    Optional<Entry> find(String caller, String key) {
        return jdbc.sql("SELECT fingerprint, created_at, status, content_type, location, etag, body FROM idempotency_keys"
                + " WHERE caller = :c AND idem_key = :k").param("c", caller).param("k", key)
                .query((rs, row) -> new Entry(rs.getString(1), rs.getObject(2, java.time.OffsetDateTime.class).toInstant(),
                        rs.getObject(3) == null ? null : rs.getInt(3), rs.getString(4), rs.getString(5), rs.getString(6),
                        rs.getString(7)))
                .optional();
    }

    void complete(String caller, String key, Response response) {
        jdbc.sql("UPDATE idempotency_keys SET status = :s, content_type = :ct, location = :l, etag = :e, body = :b"
                + " WHERE caller = :c AND idem_key = :k")
                .param("c", caller).param("k", key).param("s", response.status()).param("ct", response.contentType())
                .param("l", response.location()).param("e", response.etag()).param("b", response.body()).update();
    }

    /** The first request failed in a way worth retrying (5xx, 429, an exception): the key is free again. */
    void release(String caller, String key) {
        jdbc.sql("DELETE FROM idempotency_keys WHERE caller = :c AND idem_key = :k AND status IS NULL")
                .param("c", caller).param("k", key).update();
    }

    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT1M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM idempotency_keys WHERE created_at < :before")
                .param("before", Timestamps.utc(clock.instant().minus(properties.retention()))).update();
    }
}
