package org.roost.identity.twofactor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalLong;

import org.roost.platform.shared.RandomSecrets;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Checks a code for a user: the authenticator's current code (each 30-second step accepted once) or, once two-factor
 * sign-in is on, an unused recovery code. Wrong codes are counted per user; past the allowance every check is
 * refused ({@code 429}) until the window ends, so guessing six digits stays hopeless.
 */
@Component
class CodeCheck {

    enum Kind { TOTP, RECOVERY_CODE }

    private final TwoFactorRepository repository;
    private final TwoFactorProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    CodeCheck(TwoFactorRepository repository, TwoFactorProperties properties, ApplicationEventPublisher events, Clock clock) {
        this.repository = repository;
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    /**
     * @throws ApiException {@code RATE_LIMITED} while the user's allowance of wrong codes is spent;
     *                      {@code VALIDATION_ERROR} on {@code code} for a wrong, reused or malformed code
     */
    Kind require(long userId, String code, boolean recoveryCodesAllowed) {
        TwoFactorRepository.State state = repository.find(userId)
                .orElseThrow(() -> ApiException.invalid("code", "two-factor sign-in is not set up"));
        Instant now = clock.instant();
        // Counted before the check, by one conditional UPDATE (the row stays locked to the end of the transaction):
        // codes sent at once are each counted, and the one past the allowance is refused. Reading the count and
        // writing it back later let codes sent together all pass the check (40 at once, 11 checked where 10 may be).
        if (!repository.countAttempt(userId, now, now.minus(properties.window()), properties.failuresPerUser())) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SECOND_FACTOR_THROTTLED, userId));
            Instant since = repository.find(userId).map(TwoFactorRepository.State::failuresSince).orElse(now);
            Duration left = Duration.between(now, (since == null ? now : since).plus(properties.window()));
            throw ApiException.rateLimited(left.isNegative() || left.isZero() ? Duration.ofSeconds(1) : left);
        }
        String digits = code.replaceAll("\\s", "");
        OptionalLong step = Totp.match(state.secret(), digits, now);
        if (step.isPresent() && repository.claimStep(userId, step.getAsLong())) {
            repository.clearFailures(userId);
            return Kind.TOTP;
        }
        if (recoveryCodesAllowed && repository.useRecoveryCode(userId, hashRecoveryCode(code), now)) {
            repository.clearFailures(userId);
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.RECOVERY_CODE_USED, userId));
            return Kind.RECOVERY_CODE;
        }
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SECOND_FACTOR_FAILED, userId));
        throw ApiException.invalid("code", recoveryCodesAllowed
                ? "is not the current code of your authenticator app, nor an unused recovery code"
                : "is not the current code of your authenticator app");
    }

    /** Recovery codes are compared without case, spaces or dashes, as people type them. */
    static String hashRecoveryCode(String code) {
        return RandomSecrets.hash(code.replaceAll("[\\s-]", "").toLowerCase(Locale.ROOT));
    }
}
