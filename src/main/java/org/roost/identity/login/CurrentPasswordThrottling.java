package org.roost.identity.login;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.user.CurrentPasswordThrottle;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/** The login protection's count for confirming one's password, per account ({@link LoginThrottle}). */
@Component
class CurrentPasswordThrottling implements CurrentPasswordThrottle {

    private final LoginThrottle throttle;
    private final ApplicationEventPublisher events;

    CurrentPasswordThrottling(LoginThrottle throttle, ApplicationEventPublisher events) {
        this.throttle = throttle;
        this.events = events;
    }

    @Override
    public void attempt(String username) {
        try {
            throttle.currentPasswordAttempt(username);
        }
        catch (ApiException throttled) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_THROTTLED, username, "check", "current_password"));
            throw throttled;
        }
    }

    @Override
    public void succeeded(String username) {
        throttle.currentPasswordSucceeded(username);
    }
}
