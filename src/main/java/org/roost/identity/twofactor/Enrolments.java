package org.roost.identity.twofactor;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.codec.binary.Base32;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.util.UriUtils;

/** Turning two-factor sign-in on (a secret, confirmed by a first code; recovery codes shown once) and off. */
@Service
class Enrolments {

    record Started(String secret, String otpauthUri, String qrCode) {
    }

    record Status(boolean enabled, long recoveryCodesLeft) {
    }

    private static final SecureRandom RANDOM = new SecureRandom();
    static final int RECOVERY_CODES = 10;

    private final TwoFactorRepository repository;
    private final CodeCheck codes;
    private final UserService users;
    private final TwoFactorProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final TransactionTemplate transaction;

    Enrolments(TwoFactorRepository repository, CodeCheck codes, UserService users, TwoFactorProperties properties,
            ApplicationEventPublisher events, Clock clock, TransactionTemplate transaction) {
        this.transaction = transaction;
        this.repository = repository;
        this.codes = codes;
        this.users = users;
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    Status status(long userId) {
        boolean enabled = repository.enabled(userId);
        return new Status(enabled, enabled ? repository.recoveryCodesLeft(userId) : 0);
    }

    @Transactional
    Started start(long userId) {
        if (repository.enabled(userId)) {
            throw ApiException.conflict("Two-factor sign-in is already on; turn it off first to enrol a new app.");
        }
        UserSummary user = users.get(userId);
        String secret = Totp.newSecret();
        repository.startEnrolment(userId, secret);
        String label = UriUtils.encodePathSegment(properties.issuer() + ":" + user.username(), java.nio.charset.StandardCharsets.UTF_8);
        String uri = "otpauth://totp/" + label + "?secret=" + secret + "&issuer="
                + UriUtils.encodeQueryParam(properties.issuer(), java.nio.charset.StandardCharsets.UTF_8)
                + "&algorithm=SHA1&digits=6&period=30";
        return new Started(secret, uri, QrCodes.svgDataUri(uri));
    }

    /**
     * Confirms the enrolment with the app's first code (and the password); answers the recovery codes, once. The
     * password is checked before the transaction (see {@link #committed}).
     */
    List<String> confirm(long userId, String currentPassword, String code) {
        requirePassword(userId, currentPassword);
        return committed(() -> {
            TwoFactorRepository.State state = repository.find(userId)
                    .orElseThrow(() -> ApiException.conflict("Start the enrolment first."));
            if (state.enabled()) {
                throw ApiException.conflict("Two-factor sign-in is already on.");
            }
            codes.require(userId, code, false);
            List<String> recoveryCodes = new ArrayList<>();
            Base32 base32 = new Base32();
            for (int i = 0; i < RECOVERY_CODES; i++) {
                byte[] bytes = new byte[5];
                RANDOM.nextBytes(bytes);
                String raw = base32.encodeToString(bytes).toLowerCase(java.util.Locale.ROOT); // 8 characters, 40 bits
                recoveryCodes.add(raw.substring(0, 4) + "-" + raw.substring(4));
            }
            repository.enable(userId, clock.instant(), recoveryCodes.stream().map(CodeCheck::hashRecoveryCode).toList());
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.TWO_FACTOR_ENABLED, userId));
            return recoveryCodes;
        });
    }

    /** Turns it off: the password and a current code (or a recovery code) are both needed. */
    void disable(long userId, String currentPassword, String code) {
        requirePassword(userId, currentPassword);
        committed(() -> {
            if (!repository.enabled(userId)) {
                throw ApiException.conflict("Two-factor sign-in is not on.");
            }
            codes.require(userId, code, true);
            repository.disable(userId);
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.TWO_FACTOR_DISABLED, userId));
            return null;
        });
    }

    /**
     * The change in one transaction, opened only once the password has been checked outside any (an Argon2id hash
     * holds no connection, and the throttle's refusal answers 429 rather than rolling back a transaction it never
     * joined). It commits when the change is refused ({@code ApiException}) too, as {@code noRollbackFor} did: a
     * wrong code's counted attempt and a used code must stay counted.
     */
    private <T> T committed(Supplier<T> change) {
        Object outcome = transaction.execute(status -> {
            try {
                return change.get();
            }
            catch (ApiException refused) {
                return new Refused(refused);
            }
        });
        if (outcome instanceof Refused(ApiException refused)) {
            throw refused;
        }
        @SuppressWarnings("unchecked")
        T result = (T) outcome;
        return result;
    }

    private record Refused(ApiException exception) {
    }

    private void requirePassword(long userId, String currentPassword) {
        if (!users.passwordMatches(userId, currentPassword)) {
            throw ApiException.invalid("current_password", "must be the user's current password");
        }
    }
}
