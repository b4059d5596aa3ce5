package org.roost.platform.shared;

import java.time.Duration;

/**
 * The password was right, but the user has two-factor sign-in on: the sign-in ends in this refusal, whose body
 * carries a step token that a code turns into the credential asked for (docs/api.md, "Two-factor sign-in").
 */
public final class SecondFactorRequired extends ApiException {

    /** What the error body adds under {@code second_factor}. */
    public record Step(String stepToken, long expiresIn, java.util.List<String> methods) {
    }

    private final Step step;

    public SecondFactorRequired(String stepToken, Duration lifetime) {
        super(ErrorCode.SECOND_FACTOR_REQUIRED, ErrorCode.SECOND_FACTOR_REQUIRED.defaultMessage());
        this.step = new Step(stepToken, lifetime.toSeconds(), java.util.List.of("totp", "recovery_code"));
    }

    public Step step() {
        return step;
    }
}
