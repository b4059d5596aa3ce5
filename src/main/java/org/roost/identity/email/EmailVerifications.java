package org.roost.identity.email;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.roost.platform.ratelimits.Quota;
import org.roost.platform.ratelimits.Quotas;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.RandomSecrets;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.ContactEmail;
import org.roost.identity.user.UserEvents;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Proving an address: a link is mailed whenever a user sets or changes theirs (in the transaction that changes it),
 * and following it marks the address verified, once. The address it replaced, if proven, is told of the change.
 */
@Service
class EmailVerifications {

    record Pending(long userId, String email) {
    }

    private final JdbcClient jdbc;
    private final Mailer mailer;
    private final UserService users;
    private final EmailProperties properties;
    private final ApplicationEventPublisher events;
    private static final Logger log = LoggerFactory.getLogger(EmailVerifications.class);

    private final Clock clock;
    private final Quotas quotas;
    private final Quota perAddress;

    EmailVerifications(JdbcClient jdbc, Mailer mailer, UserService users, EmailProperties properties,
            ApplicationEventPublisher events, Clock clock, Quotas quotas) {
        this.quotas = quotas;
        this.perAddress = new Quota("verification-mail", properties.verificationsPerWindow(), properties.verificationWindow());
        this.jdbc = jdbc;
        this.mailer = mailer;
        this.users = users;
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    @EventListener
    void on(UserEvents.EmailChanged changed) {
        // Links to an earlier address stop working, even if the user later sets that address again.
        jdbc.sql("DELETE FROM email_verifications WHERE user_id = :id").param("id", changed.userId()).update();
        if (changed.email() != null) {
            mailLink(changed.userId(), changed.username(), changed.email());
        }
        if (changed.previousVerified() != null) {
            String change = changed.email() == null ? "it was removed" : "it was changed to " + changed.email();
            mailer.send(new OutgoingMail(changed.previousVerified(), "email-changed", Map.of("username", changed.username(),
                    "change", change, "signin_link", mailer.link("/login"))));
        }
    }

    /** Mails a new link to the user's unproven address (the first one may have been lost). */
    @Transactional
    void resend(long userId) {
        UserSummary user = users.get(userId);
        ContactEmail email = users.email(userId);
        if (email.email() == null || email.verified()) {
            throw ApiException.conflict(email.email() == null ? "There is no email address to verify."
                    : "The email address is already verified.");
        }
        Instant now = clock.instant();
        Optional<OffsetDateTime> last = jdbc.sql("SELECT MAX(created_at) FROM email_verifications WHERE user_id = :id")
                .param("id", userId).query(OffsetDateTime.class).optional();
        if (last.isPresent() && last.get().toInstant().plus(properties.resendInterval()).isAfter(now)) {
            throw ApiException.rateLimited(Duration.between(now, last.get().toInstant().plus(properties.resendInterval()))
                    .plusSeconds(1).withNanos(0));
        }
        mailLink(userId, user.username(), email.email());
    }

    /**
     * Follows a link: the address it was sent to becomes the user's verified address, if it still is their address.
     *
     * @throws ApiException {@code VALIDATION_ERROR} for an unknown, expired or used link, or one to an address the
     *                      user has since replaced; {@code CONFLICT} when another account proved the address first
     */
    @Transactional
    Pending verify(String secret) {
        Instant now = clock.instant();
        String hash = RandomSecrets.hash(secret);
        // Claimed in one statement: two clicks at once cannot both succeed.
        int claimed = jdbc.sql("UPDATE email_verifications SET used_at = :now "
                        + "WHERE token_hash = :hash AND used_at IS NULL AND expires_at > :now")
                .param("hash", hash).param("now", Timestamps.utc(now)).update();
        Optional<Pending> pending = claimed == 0 ? Optional.empty()
                : jdbc.sql("SELECT user_id, email FROM email_verifications WHERE token_hash = :hash").param("hash", hash)
                        .query((rs, row) -> new Pending(rs.getLong(1), rs.getString(2))).optional();
        if (pending.isEmpty() || !users.markEmailVerified(pending.get().userId(), pending.get().email())) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.EMAIL_VERIFICATION_FAILED,
                    pending.map(p -> (Object) p.userId()).orElse("unknown")));
            throw ApiException.invalid("token", "is unknown, expired or already used; ask for a new link in Settings");
        }
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.EMAIL_VERIFIED, pending.get().userId()));
        return pending.get();
    }

    private void mailLink(long userId, String username, String email) {
        // Per address, whichever account names it and however it is spelt: an inbox is not a target to flood by
        // signing up or changing addresses. Nobody is told, as the answer must not say whether a mail left.
        if (!quotas.tryTake(perAddress, email.strip().toLowerCase(Locale.ROOT))) {
            log.info("Verification mail for user {} not sent: its address had {} in the last {}", userId,
                    perAddress.capacity(), perAddress.window());
            return;
        }
        String secret = RandomSecrets.newSecret();
        Instant now = clock.instant();
        jdbc.sql("INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) "
                        + "VALUES (:hash, :user, :email, :now, :expires)")
                .param("hash", RandomSecrets.hash(secret)).param("user", userId).param("email", email)
                .param("now", Timestamps.utc(now)).param("expires", Timestamps.utc(now.plus(properties.verificationLifetime())))
                .update();
        // In the fragment: a browser never sends it to a server, so it stays out of access logs and Referer headers.
        mailer.send(new OutgoingMail(email, "email-verification", Map.of("username", username,
                "link", mailer.link("/verify-email#token=" + secret), "lifetime", words(properties.verificationLifetime()))));
    }

    static String words(Duration duration) {
        if (duration.toMinutes() < 120) {
            return duration.toMinutes() + " minutes";
        }
        return duration.toHours() < 48 ? duration.toHours() + " hours" : duration.toDays() + " days";
    }
}
