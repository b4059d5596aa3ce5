package org.roost.authorization.backchannel;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import org.roost.platform.outbound.OutboundRequests;
import org.roost.platform.outbound.RefusedAddressException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Delivers due logout tokens, on every instance: a batch of due rows is claimed with {@code FOR UPDATE SKIP LOCKED}
 * and leased (its next attempt moved past the time an attempt can take), so two instances never send the same row
 * at once and a row whose instance died is taken up again when the lease runs out. A token is delivered when the
 * client answers 2xx; otherwise it is retried with doubling waits until the deadline, then given up. Both outcomes
 * are audited. The URI is a client's, so the request goes through {@link OutboundRequests} (no internal address,
 * no redirect); one whose host now resolves to a refused address is given up at once, not retried.
 */
@Component
class Deliveries {

    private static final Logger log = LoggerFactory.getLogger(Deliveries.class);
    private static final int BATCH = 20;

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final LogoutTokens tokens;
    private final BackchannelProperties properties;
    private final ApplicationEventPublisher events;
    private final OutboundRequests outbound;
    private final RestClient http;

    Deliveries(JdbcClient jdbc, TransactionTemplate transactions, Clock clock, LogoutTokens tokens,
            BackchannelProperties properties, ApplicationEventPublisher events, OutboundRequests outbound) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.tokens = tokens;
        this.properties = properties;
        this.events = events;
        this.outbound = outbound;
        this.http = outbound.client();
    }

    /** A sign-out just committed here: delivered now rather than at the next poll. */
    @TransactionalEventListener(fallbackExecution = true)
    void on(SignOuts.Pending pending) {
        // Platform threads for deliveries, here and below: docs/running.md, "Threads"
        Thread.ofPlatform().daemon().name("backchannel-logout").start(this::deliverDue);
    }

    @Scheduled(fixedDelayString = "${roost.oauth.backchannel-logout.poll-interval}",
            initialDelayString = "${roost.oauth.backchannel-logout.poll-interval}")
    void deliverDue() {
        List<Delivery> claimed;
        try {
            claimed = claim();
        }
        catch (RuntimeException databaseUnavailable) {
            log.warn("Could not claim back-channel logout deliveries: {}", databaseUnavailable.getMessage());
            return;
        }
        List<Thread> sending = claimed.stream()
                .map(delivery -> Thread.ofPlatform().daemon().name("backchannel-logout").start(() -> attempt(delivery))).toList();
        for (Thread thread : sending) {
            try {
                thread.join();
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private List<Delivery> claim() {
        Instant now = clock.instant();
        // longer than one attempt can take (connect plus answer), so a claimed row is not claimed again meanwhile
        Instant leasedUntil = now.plus(outbound.attemptLimit().multipliedBy(2)).plusSeconds(5);
        List<Delivery> claimed = transactions.execute(status -> {
            List<Delivery> due = jdbc.sql("SELECT id, client_id, logout_uri, issuer, subject, sid, attempts, deadline "
                            + "FROM backchannel_deliveries WHERE next_attempt_at <= :now ORDER BY next_attempt_at "
                            + "LIMIT " + BATCH + " FOR UPDATE SKIP LOCKED")
                    .param("now", Timestamps.utc(now))
                    .query((rs, row) -> new Delivery(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getInt(7),
                            rs.getObject(8, OffsetDateTime.class).toInstant()))
                    .list();
            due.forEach(delivery -> jdbc.sql("UPDATE backchannel_deliveries SET next_attempt_at = :until WHERE id = :id")
                    .param("until", Timestamps.utc(leasedUntil)).param("id", delivery.id()).update());
            return due;
        });
        return claimed == null ? List.of() : claimed;
    }

    private void attempt(Delivery delivery) {
        int attempts = delivery.attempts() + 1;
        Attempt outcome = send(delivery);
        String problem = outcome.problem();
        if (problem == null) {
            jdbc.sql("DELETE FROM backchannel_deliveries WHERE id = :id").param("id", delivery.id()).update();
            events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.BACKCHANNEL_LOGOUT_SENT, delivery.clientId(),
                    delivery.subject(), "attempts", Integer.toString(attempts)));
            return;
        }
        Instant next = clock.instant().plus(backOff(attempts));
        if (outcome.refused() || next.isAfter(delivery.deadline())) {
            jdbc.sql("DELETE FROM backchannel_deliveries WHERE id = :id").param("id", delivery.id()).update();
            log.warn("Gave up a back-channel logout to client {} after {} attempts: {}", delivery.clientId(), attempts, problem);
            events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.BACKCHANNEL_LOGOUT_FAILED, delivery.clientId(),
                    delivery.subject(), "attempts", Integer.toString(attempts), "reason", problem));
            return;
        }
        log.info("Back-channel logout to client {} failed ({}), attempt {}; retrying", delivery.clientId(), problem, attempts);
        jdbc.sql("UPDATE backchannel_deliveries SET attempts = :attempts, next_attempt_at = :next WHERE id = :id")
                .param("attempts", attempts).param("next", Timestamps.utc(next)).param("id", delivery.id()).update();
    }

    /** @param problem why the attempt failed, or null when the client took the token */
    private record Attempt(@org.jspecify.annotations.Nullable String problem, boolean refused) {
    }

    private Attempt send(Delivery delivery) {
        try {
            int status = http.post().uri(URI.create(delivery.logoutUri()))
                    .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                    .body("logout_token=" + URLEncoder.encode(tokens.sign(delivery), StandardCharsets.UTF_8))
                    .exchange((request, response) -> response.getStatusCode().value());
            return new Attempt(status >= 200 && status < 300 ? null : "status " + status, false);
        }
        catch (RestClientException | IllegalArgumentException ex) {
            Throwable cause = ex.getCause();
            if (cause instanceof RefusedAddressException refused) {
                return new Attempt("refused: " + refused.getMessage(), true);
            }
            return new Attempt(cause != null ? cause.getClass().getSimpleName() : ex.getClass().getSimpleName(), false);
        }
    }

    private Duration backOff(int attempts) {
        Duration wait = properties.firstRetry().multipliedBy(1L << Math.min(attempts - 1, 16));
        return wait.compareTo(properties.maxRetry()) > 0 ? properties.maxRetry() : wait;
    }
}
