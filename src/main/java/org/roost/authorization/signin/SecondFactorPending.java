package org.roost.authorization.signin;

import org.springframework.security.core.AuthenticationException;

/**
 * The password was right and the account has two-factor sign-in on: the form's failure handler keeps the step
 * token in the sign-in session and sends the person to the code page instead of back to the form.
 */
final class SecondFactorPending extends AuthenticationException {

    private final transient String stepToken;

    SecondFactorPending(String stepToken) {
        super("A second factor is required");
        this.stepToken = stepToken;
    }

    String stepToken() {
        return stepToken;
    }
}
