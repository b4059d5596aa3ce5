package org.roost.identity.twofactor;

import java.time.Clock;
import java.util.List;

import org.roost.platform.shared.RandomSecrets;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecondFactorRequired;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The second step of a password sign-in. After the right password, a user with two-factor sign-in on gets a step
 * token instead of a credential ({@link #challenge}); the token and a code then complete the sign-in
 * ({@link #complete}), through whichever endpoint began it.
 */
@Service
public class SecondFactors {

    /** How the user proved who they are, as the {@code amr} claim says it (RFC 8176). */
    public record Completed(long userId, List<String> amr) {
    }

    public static final List<String> PASSWORD_ONLY = List.of("pwd");

    private final TwoFactorRepository repository;
    private final CodeCheck codes;
    private final TwoFactorProperties properties;
    private final Clock clock;

    SecondFactors(TwoFactorRepository repository, CodeCheck codes, TwoFactorProperties properties, Clock clock) {
        this.repository = repository;
        this.codes = codes;
        this.properties = properties;
        this.clock = clock;
    }

    /** Throws {@link SecondFactorRequired} with a new step token when the user has two-factor sign-in on. */
    public void requireIfEnabled(long userId) {
        if (repository.enabled(userId)) {
            String secret = RandomSecrets.newSecret();
            repository.insertStep(RandomSecrets.hash(secret), userId, clock.instant().plus(properties.stepTokenLifetime()));
            throw new SecondFactorRequired(secret, properties.stepTokenLifetime());
        }
    }

    public boolean enabled(long userId) {
        return repository.enabled(userId);
    }

    /**
     * Checks a code of a signed-in user who confirms who they are (re-authentication): the same check, counter and
     * throttle as the second step of a sign-in.
     *
     * @throws ApiException {@code VALIDATION_ERROR} on {@code code}; {@code RATE_LIMITED} while guessing is throttled
     */
    @Transactional(noRollbackFor = ApiException.class)
    public void verify(long userId, String code) {
        codes.require(userId, code, true);
    }

    /**
     * Completes a sign-in. A step token allows a few codes, then is void; a right code spends it.
     *
     * @throws ApiException {@code VALIDATION_ERROR} on {@code step_token} (unknown, expired or spent: sign in
     *                      again) or on {@code code}; {@code RATE_LIMITED} while guessing is throttled
     */
    @Transactional(noRollbackFor = ApiException.class)
    public Completed complete(String stepToken, String code) {
        String hash = RandomSecrets.hash(stepToken);
        long userId = repository.attemptStep(hash, clock.instant(), properties.attemptsPerStep())
                .orElseThrow(() -> ApiException.invalid("step_token", "is unknown, expired or spent; sign in again"));
        codes.require(userId, code, true);
        repository.deleteStep(hash);
        // A recovery code is a one-time password too: "otp" either way.
        return new Completed(userId, List.of("pwd", "otp", "mfa"));
    }
}
