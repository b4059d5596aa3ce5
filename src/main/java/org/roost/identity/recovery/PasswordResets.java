package org.roost.identity.recovery;

import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.roost.platform.shared.RandomSecrets;
import org.roost.identity.email.Mailer;
import org.roost.identity.email.OutgoingMail;
import org.roost.platform.ratelimits.Quota;
import org.roost.platform.ratelimits.Quotas;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.ContactEmail;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * "Forgot password": a request is answered before anything is looked up; the account is found, throttled and mailed
 * afterwards on a thread of its own, so neither the answer nor its timing depends on whether the account exists.
 * Only a verified address receives a link: an unproven one may be anybody's. The request is written down
 * ({@link ResetRequests}) before it is answered and deleted in the transaction that handles it, so one answered just
 * before the instance stopped is handled by the next look of any instance, not lost with the thread.
 */
@Service
class PasswordResets {

    private final JdbcClient jdbc;
    private final UserService users;
    private final Mailer mailer;
    private final Quotas quotas;
    private final Quota perAddress;
    private final Quota perAccount;
    private final RecoveryProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final TransactionTemplate transaction;
    private final ResetRequests requests;
    private final SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("password-reset-");

    PasswordResets(JdbcClient jdbc, UserService users, Mailer mailer, Quotas quotas, RecoveryProperties properties,
            ApplicationEventPublisher events, Clock clock, TransactionTemplate transaction, ResetRequests requests) {
        this.transaction = transaction;
        this.requests = requests;
        this.jdbc = jdbc;
        this.users = users;
        this.mailer = mailer;
        this.quotas = quotas;
        // N per window, in Redis when it is configured; while it is down counted per instance, so still throttled.
        this.perAddress = new Quota("recovery", properties.perAddress(), properties.window(), Quota.Refill.INTERVAL,
                Quota.WhenStoreDown.COUNT_LOCALLY);
        this.perAccount = new Quota("recovery", properties.perAccount(), properties.window(), Quota.Refill.INTERVAL,
                Quota.WhenStoreDown.COUNT_LOCALLY);
        this.properties = properties;
        this.events = events;
        this.clock = clock;
        // Platform threads (daemons: a send in progress does not hold the exit): docs/running.md, "Threads"
        threads.setDaemon(true);
        threads.setConcurrencyLimit(4);
    }

    /**
     * Takes a request for {@code login} (a username or an email address) from {@code address}.
     *
     * @throws ApiException {@code RATE_LIMITED} when the address has asked too often (whatever the account)
     */
    void request(String login, String address) {
        String identifier = login.strip().toLowerCase(Locale.ROOT);
        boolean byEmail = identifier.contains("@");
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSWORD_RESET_REQUESTED,
                byEmail ? "(an email address)" : identifier, "by", byEmail ? "email" : "username"));
        if (!quotas.tryTake(perAddress, "a:" + address)) {
            throw ApiException.rateLimited(properties.window());
        }
        Instant now = clock.instant();
        ResetRequests.Pending pending = requests.add(identifier, now, now.plus(properties.requestClaim()));
        threads.execute(() -> handle(pending));
    }

    /** Handles what is due: requests whose instance stopped before handling them, or whose last try failed. */
    @Scheduled(fixedDelayString = "${roost.recovery.request-poll-interval}",
            initialDelayString = "${roost.recovery.request-poll-interval}")
    void handleDue() {
        try {
            Instant now = clock.instant();
            for (ResetRequests.Pending pending : requests.claimDue(now, now.plus(properties.requestClaim()), 50)) {
                threads.execute(() -> handle(pending));
            }
        }
        catch (DataAccessException failed) {
            LoggerFactory.getLogger(PasswordResets.class).warn("Reset requests not looked at: {}",
                    failed.getMostSpecificCause().getMessage());
        }
    }

    /** Looks the account up and mails the link, and deletes the request in the same transaction. */
    private void handle(ResetRequests.Pending pending) {
        try {
            transaction.executeWithoutResult(status -> {
                mailLink(pending.login());
                requests.done(pending.id());
            });
        }
        catch (RuntimeException failed) {
            LoggerFactory.getLogger(PasswordResets.class).warn("A password reset request failed: {}", failed.getMessage());
            try {
                int attempts = pending.attempts() + 1;
                if (attempts >= properties.requestMaxAttempts()) {
                    requests.done(pending.id());
                }
                else {
                    requests.failed(pending.id(), attempts, clock.instant().plus(properties.requestClaim()));
                }
            }
            catch (DataAccessException unrecorded) {
                // the request stays claimed until request-claim has passed, then falls due again
            }
        }
    }

    private void mailLink(String identifier) {
        boolean byEmail = identifier.contains("@");
        String page = mailer.link("/reset-password");
        Optional<Long> account = byEmail ? users.findIdByVerifiedEmail(identifier)
                : users.findByUsername(identifier).map(UserSummary::id);
        if (account.isEmpty() || !quotas.tryTake(perAccount, "u:" + account.get())) {
            return;
        }
        UserSummary user = users.get(account.get());
        ContactEmail email = users.email(user.id());
        if (email.email() == null || !email.verified()) {
            return;
        }
        String secret = RandomSecrets.newSecret();
        Instant now = clock.instant();
        jdbc.sql("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) "
                        + "VALUES (:hash, :user, :now, :expires)")
                .param("hash", RandomSecrets.hash(secret)).param("user", user.id()).param("now", Timestamps.utc(now))
                .param("expires", Timestamps.utc(now.plus(properties.linkLifetime()))).update();
        mailer.send(new OutgoingMail(email.email(), "password-reset", Map.of("username", user.username(),
                "link", page + "#token=" + secret, "lifetime", properties.linkLifetime().toMinutes() + " minutes")));
    }

    /**
     * Sets a new password through a link: the link is spent, every other link of the user voided, and every session
     * and token the user held ends. The link is looked at first (an unknown one costs no hash), then the password is
     * hashed outside any transaction, then the link is claimed and the password stored in one.
     *
     * @throws ApiException {@code VALIDATION_ERROR} on {@code token} for an unknown, expired or used link
     */
    void complete(String secret, String password) {
        String hash = RandomSecrets.hash(secret);
        boolean usable = jdbc.sql("SELECT COUNT(*) FROM password_resets "
                        + "WHERE token_hash = :hash AND used_at IS NULL AND expires_at > :now")
                .param("hash", hash).param("now", Timestamps.utc(clock.instant())).query(Long.class).single() > 0;
        if (!usable) {
            throw refused();
        }
        UserService.NewPassword hashed = users.hash(password);
        transaction.executeWithoutResult(status -> {
            Instant now = clock.instant();
            int claimed = jdbc.sql("UPDATE password_resets SET used_at = :now "
                            + "WHERE token_hash = :hash AND used_at IS NULL AND expires_at > :now")
                    .param("hash", hash).param("now", Timestamps.utc(now)).update();
            if (claimed == 0) {
                throw refused(); // spent or expired while the password was hashed
            }
            long userId = jdbc.sql("SELECT user_id FROM password_resets WHERE token_hash = :hash").param("hash", hash)
                    .query(Long.class).single();
            users.resetPassword(userId, hashed);
            jdbc.sql("DELETE FROM password_resets WHERE user_id = :id AND token_hash <> :hash")
                    .param("id", userId).param("hash", hash).update();
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSWORD_RESET, userId));
        });
    }

    private ApiException refused() {
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSWORD_RESET_FAILED, "unknown"));
        return ApiException.invalid("token", "is unknown, expired or already used; ask for a new link");
    }
}
