package org.roost.identity.recovery;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Component;

/**
 * The table of reset requests answered but not yet handled ({@code password_reset_requests}), an outbox like the
 * mail's: a row is claimed by moving its {@code next_attempt_at} forward with a compare-and-set, so several instances
 * looking at once handle each request once.
 */
@Component
class ResetRequests {

    record Pending(long id, String login, int attempts) {
    }

    private final JdbcClient jdbc;

    ResetRequests(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Writes a request down, claimed by the caller until {@code claimedUntil}. */
    Pending add(String login, Instant now, Instant claimedUntil) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO password_reset_requests (login, requested_at, attempts, next_attempt_at) "
                        + "VALUES (:login, :now, 0, :next)")
                .param("login", login).param("now", Timestamps.utc(now)).param("next", Timestamps.utc(claimedUntil))
                .update(keys, "id");
        return new Pending(keys.getKeyAs(Long.class), login, 0);
    }

    /** Claims up to {@code limit} due requests until {@code claimUntil}: each is this caller's alone. */
    List<Pending> claimDue(Instant now, Instant claimUntil, int limit) {
        record Due(long id, String login, int attempts, OffsetDateTime next) {
        }
        List<Due> due = jdbc.sql("SELECT id, login, attempts, next_attempt_at FROM password_reset_requests "
                        + "WHERE next_attempt_at <= :now ORDER BY next_attempt_at LIMIT :limit")
                .param("now", Timestamps.utc(now)).param("limit", limit)
                .query((rs, row) -> new Due(rs.getLong(1), rs.getString(2), rs.getInt(3),
                        rs.getObject(4, OffsetDateTime.class)))
                .list();
        List<Pending> claimed = new ArrayList<>();
        for (Due row : due) {
            int won = jdbc.sql("UPDATE password_reset_requests SET next_attempt_at = :until "
                            + "WHERE id = :id AND next_attempt_at = :seen")
                    .param("until", Timestamps.utc(claimUntil)).param("id", row.id()).param("seen", row.next()).update();
            if (won == 1) {
                claimed.add(new Pending(row.id(), row.login(), row.attempts()));
            }
        }
        return claimed;
    }

    void done(long id) {
        jdbc.sql("DELETE FROM password_reset_requests WHERE id = :id").param("id", id).update();
    }

    void failed(long id, int attempts, Instant nextAttempt) {
        jdbc.sql("UPDATE password_reset_requests SET attempts = :attempts, next_attempt_at = :next WHERE id = :id")
                .param("attempts", attempts).param("next", Timestamps.utc(nextAttempt)).param("id", id).update();
    }
}
