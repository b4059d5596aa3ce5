package org.roost.login;

import org.roost.user.CurrentPasswordThrottle;
import org.springframework.stereotype.Component;

/** The login protection's count for confirming one's password, per account ({@link LoginThrottle}). */
@Component
class CurrentPasswordThrottling implements CurrentPasswordThrottle {

    private final LoginThrottle throttle;

    CurrentPasswordThrottling(LoginThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    public void attempt(String username) {
        throttle.currentPasswordAttempt(username);
    }

    @Override
    public void succeeded(String username) {
        throttle.currentPasswordSucceeded(username);
    }
}
