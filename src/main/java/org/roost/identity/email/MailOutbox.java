package org.roost.identity.email;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table of mail waiting to leave ({@code outgoing_mail}). A row is claimed by moving its {@code next_attempt_at}
 * forward with a compare-and-set, so several instances retrying at once send each message once (at least once:
 * an instance that stops between the mail server's answer and the delete leaves a row that is sent again).
 */
@Component
class MailOutbox {

    record Queued(long id, OutgoingMail mail, int attempts) {
    }

    private static final TypeReference<Map<String, String>> VALUES = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final JsonMapper json = JsonMapper.builder().build();

    MailOutbox(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Queues a message, in the current transaction if there is one, claimed until {@code claimedUntil}. */
    long add(OutgoingMail mail, Instant now, Instant claimedUntil) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO outgoing_mail (recipient, template, mail_values, created_at, attempts, next_attempt_at) "
                        + "VALUES (:to, :template, :values, :now, 0, :next)")
                .param("to", mail.to()).param("template", mail.template())
                .param("values", json.writeValueAsString(mail.values())).param("now", Timestamps.utc(now))
                .param("next", Timestamps.utc(claimedUntil)).update(keys, "id");
        return keys.getKeyAs(Long.class);
    }

    /** Claims up to {@code limit} due messages until {@code claimUntil}: each is this caller's alone. */
    List<Queued> claimDue(Instant now, Instant claimUntil, int limit) {
        record Due(long id, String to, String template, String values, int attempts, java.time.OffsetDateTime next) {
        }
        List<Due> due = jdbc.sql("SELECT id, recipient, template, mail_values, attempts, next_attempt_at FROM outgoing_mail "
                        + "WHERE next_attempt_at <= :now ORDER BY next_attempt_at LIMIT :limit")
                .param("now", Timestamps.utc(now)).param("limit", limit)
                .query((rs, row) -> new Due(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                        rs.getObject(6, java.time.OffsetDateTime.class)))
                .list();
        List<Queued> claimed = new ArrayList<>();
        for (Due row : due) {
            int won = jdbc.sql("UPDATE outgoing_mail SET next_attempt_at = :until WHERE id = :id AND next_attempt_at = :seen")
                    .param("until", Timestamps.utc(claimUntil)).param("id", row.id()).param("seen", row.next()).update();
            if (won == 1) {
                claimed.add(new Queued(row.id(), new OutgoingMail(row.to(), row.template(), json.readValue(row.values(), VALUES)),
                        row.attempts()));
            }
        }
        return claimed;
    }

    void sent(long id) {
        jdbc.sql("DELETE FROM outgoing_mail WHERE id = :id").param("id", id).update();
    }

    void failed(long id, int attempts, Instant nextAttempt) {
        jdbc.sql("UPDATE outgoing_mail SET attempts = :attempts, next_attempt_at = :next WHERE id = :id")
                .param("attempts", attempts).param("next", Timestamps.utc(nextAttempt)).param("id", id).update();
    }
}
