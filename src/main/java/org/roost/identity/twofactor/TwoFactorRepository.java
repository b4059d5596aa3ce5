package org.roost.identity.twofactor;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class TwoFactorRepository {

    record State(String secret, boolean enabled, int failures, @Nullable Instant failuresSince) {
    }

    private final JdbcClient jdbc;

    TwoFactorRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<State> find(long userId) {
        return jdbc.sql("SELECT secret, enabled_at, failures, failures_since FROM two_factor WHERE user_id = :id")
                .param("id", userId).query((rs, row) -> {
                    OffsetDateTime since = rs.getObject("failures_since", OffsetDateTime.class);
                    return new State(rs.getString("secret"), rs.getObject("enabled_at") != null, rs.getInt("failures"),
                            since == null ? null : since.toInstant());
                }).optional();
    }

    boolean enabled(long userId) {
        return jdbc.sql("SELECT COUNT(*) FROM two_factor WHERE user_id = :id AND enabled_at IS NOT NULL")
                .param("id", userId).query(Long.class).single() > 0;
    }

    /** A new pending enrolment, replacing any earlier one that was never confirmed. */
    void startEnrolment(long userId, String secret) {
        jdbc.sql("DELETE FROM two_factor WHERE user_id = :id AND enabled_at IS NULL").param("id", userId).update();
        jdbc.sql("INSERT INTO two_factor (user_id, secret) VALUES (:id, :secret)")
                .param("id", userId).param("secret", secret).update();
    }

    void enable(long userId, Instant now, List<String> recoveryCodeHashes) {
        jdbc.sql("UPDATE two_factor SET enabled_at = :now WHERE user_id = :id").param("id", userId)
                .param("now", Timestamps.utc(now)).update();
        jdbc.sql("DELETE FROM two_factor_recovery_codes WHERE user_id = :id").param("id", userId).update();
        for (String hash : recoveryCodeHashes) {
            jdbc.sql("INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES (:id, :hash)")
                    .param("id", userId).param("hash", hash).update();
        }
    }

    void disable(long userId) {
        jdbc.sql("DELETE FROM two_factor WHERE user_id = :id").param("id", userId).update();
        jdbc.sql("DELETE FROM two_factor_recovery_codes WHERE user_id = :id").param("id", userId).update();
        jdbc.sql("DELETE FROM two_factor_steps WHERE user_id = :id").param("id", userId).update();
    }

    /** Claims the step for the user: false when a code of this step or a later one was accepted already. */
    boolean claimStep(long userId, long step) {
        return jdbc.sql("UPDATE two_factor SET last_step = :step WHERE user_id = :id AND last_step < :step")
                .param("id", userId).param("step", step).update() > 0;
    }

    boolean useRecoveryCode(long userId, String hash, Instant now) {
        return jdbc.sql("UPDATE two_factor_recovery_codes SET used_at = :now "
                        + "WHERE user_id = :id AND code_hash = :hash AND used_at IS NULL")
                .param("id", userId).param("hash", hash).param("now", Timestamps.utc(now)).update() > 0;
    }

    long recoveryCodesLeft(long userId) {
        return jdbc.sql("SELECT COUNT(*) FROM two_factor_recovery_codes WHERE user_id = :id AND used_at IS NULL")
                .param("id", userId).query(Long.class).single();
    }

    /**
     * Counts one attempt at a code, unless {@code max} were counted in the window that began after
     * {@code windowStart}: a window that ended starts afresh with this attempt. One statement, so that attempts
     * sent at once cannot all read the same count (the right-hand sides read the row as it was).
     *
     * @return false when the allowance is spent
     */
    boolean countAttempt(long userId, Instant now, Instant windowStart, int max) {
        return jdbc.sql("""
                UPDATE two_factor SET
                  failures = CASE WHEN failures_since IS NULL OR failures_since <= :start THEN 1 ELSE failures + 1 END,
                  failures_since = CASE WHEN failures_since IS NULL OR failures_since <= :start THEN :now ELSE failures_since END
                WHERE user_id = :id AND (failures_since IS NULL OR failures_since <= :start OR failures < :max)""")
                .param("id", userId).param("now", Timestamps.utc(now)).param("start", Timestamps.utc(windowStart))
                .param("max", max).update() > 0;
    }

    void clearFailures(long userId) {
        jdbc.sql("UPDATE two_factor SET failures = 0, failures_since = NULL WHERE user_id = :id AND failures > 0")
                .param("id", userId).update();
    }

    void insertStep(String hash, long userId, Instant expires) {
        jdbc.sql("INSERT INTO two_factor_steps (token_hash, user_id, expires_at) VALUES (:hash, :id, :expires)")
                .param("hash", hash).param("id", userId).param("expires", Timestamps.utc(expires)).update();
    }

    /** Counts an attempt on a live step token and answers its user, or empty for an unknown, expired or spent one. */
    Optional<Long> attemptStep(String hash, Instant now, int maxAttempts) {
        int counted = jdbc.sql("UPDATE two_factor_steps SET attempts = attempts + 1 "
                        + "WHERE token_hash = :hash AND expires_at > :now AND attempts < :max")
                .param("hash", hash).param("now", Timestamps.utc(now)).param("max", maxAttempts).update();
        return counted == 0 ? Optional.empty()
                : jdbc.sql("SELECT user_id FROM two_factor_steps WHERE token_hash = :hash").param("hash", hash)
                        .query(Long.class).optional();
    }

    void deleteStep(String hash) {
        jdbc.sql("DELETE FROM two_factor_steps WHERE token_hash = :hash").param("hash", hash).update();
    }
}
