package org.roost.login;

import org.roost.shared.ApiException;
import org.roost.shared.SecurityEvent;
import org.roost.shared.SecurityEvent.Kind;
import org.roost.user.PasswordCheck;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * A signed-in user's password, asked again before a sensitive change ({@code current_password}) or to
 * re-authenticate: throttled per account like a sign-in ({@link LoginThrottle}: counted before the hash, back-off
 * after the allowance), so a stolen session cannot guess its way to a password it can then change.
 */
@Component
public class CurrentPasswords {

    private final PasswordCheck passwords;
    private final LoginThrottle throttle;
    private final ApplicationEventPublisher events;

    CurrentPasswords(PasswordCheck passwords, LoginThrottle throttle, ApplicationEventPublisher events) {
        this.passwords = passwords;
        this.throttle = throttle;
        this.events = events;
    }

    /**
     * Whether {@code password} is the password of the user {@code userId} named {@code username}.
     *
     * @throws ApiException {@code RATE_LIMITED} (with {@code Retry-After}) while the account's back-off runs
     */
    public boolean matches(long userId, String username, String password) {
        try {
            throttle.currentPasswordAttempt(username);
        }
        catch (ApiException throttled) {
            events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_THROTTLED, userId, "check", "current_password"));
            throw throttled;
        }
        boolean matches = passwords.authenticate(username, password).filter(user -> user.id() == userId).isPresent();
        if (matches) {
            throttle.currentPasswordSucceeded(username);
        }
        else {
            events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_FAILED, userId, "check", "current_password"));
        }
        return matches;
    }
}
