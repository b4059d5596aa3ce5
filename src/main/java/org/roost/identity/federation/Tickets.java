package org.roost.identity.federation;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import org.roost.platform.shared.RandomSecrets;
import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Single-use hand-overs, valid for {@value #LIFETIME_SECONDS} seconds, bound to the browser that is to redeem them
 * (a random value in a cookie of its own, {@link BrowserBinding}): a ticket that reaches another browser opens
 * nothing, so nobody can sign someone else in to their own account (login CSRF), nor have someone else's provider
 * account linked to theirs.
 */
@Component
class Tickets {

    enum Kind {
        /** A finished provider sign-in, to become a web app session (which lives under the web app's cookie). */
        SIGN_IN,
        /** Settings asked to link a provider: the provider's answer is to be linked to this user. */
        LINK
    }

    record Ticket(long userId, String registrationId) {
    }

    static final int LIFETIME_SECONDS = 300;

    private final JdbcClient jdbc;
    private final Clock clock;

    Tickets(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** @return the ticket's secret, given out once */
    String issue(Kind kind, long userId, String registrationId, String browser) {
        String secret = RandomSecrets.newSecret();
        jdbc.sql("INSERT INTO federation_tickets (ticket_hash, kind, user_id, registration_id, browser_hash, expires_at) "
                        + "VALUES (:hash, :kind, :user, :registration, :browser, :expires)")
                .param("hash", RandomSecrets.hash(secret)).param("kind", kind.name()).param("user", userId)
                .param("registration", registrationId).param("browser", RandomSecrets.hash(browser))
                .param("expires", Timestamps.utc(clock.instant().plus(Duration.ofSeconds(LIFETIME_SECONDS)))).update();
        return secret;
    }

    /** Spends the ticket: empty when unknown, spent, expired, of another kind or presented by another browser. */
    Optional<Ticket> redeem(Kind kind, String secret, String browser) {
        String hash = RandomSecrets.hash(secret);
        Optional<Ticket> ticket = jdbc.sql("SELECT user_id, registration_id FROM federation_tickets WHERE ticket_hash = :hash "
                        + "AND kind = :kind AND browser_hash = :browser AND expires_at > :now")
                .param("hash", hash).param("kind", kind.name()).param("browser", RandomSecrets.hash(browser))
                .param("now", Timestamps.utc(clock.instant()))
                .query((rs, row) -> new Ticket(rs.getLong(1), rs.getString(2))).optional();
        // Whoever deletes the row spends it: of two redemptions at once, one wins.
        boolean spent = jdbc.sql("DELETE FROM federation_tickets WHERE ticket_hash = :hash").param("hash", hash).update() > 0;
        return spent ? ticket : Optional.empty();
    }

    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT5M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM federation_tickets WHERE expires_at < :now").param("now", Timestamps.utc(clock.instant()))
                .update();
    }
}
