package org.roost.identity.login;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.SecurityEvent.Kind;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.PasswordCheck;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * The one password check behind every sign-in (JSON session login, token login, the authorization
 * server's form): throttled per username and client address, and the same answer whether the
 * user is unknown or the password wrong.
 */
@Component
public class PasswordLogins {

    private final PasswordCheck passwords;
    private final LoginThrottle throttle;
    private final ApplicationEventPublisher events;
    private final SecondFactors secondFactors;

    PasswordLogins(PasswordCheck passwords, LoginThrottle throttle, ApplicationEventPublisher events,
            SecondFactors secondFactors) {
        this.secondFactors = secondFactors;
        this.passwords = passwords;
        this.throttle = throttle;
        this.events = events;
    }

    /**
     * @throws ApiException {@code RATE_LIMITED} after too many failures, {@code INVALID_CREDENTIALS} for a wrong pair
     * @throws SecondFactorRequired for the right pair of a user with two-factor sign-in on: no credential yet
     */
    public UserSummary authenticate(String username, String password, String address) {
        // Counted before the hash: forty guesses sent at once are forty attempts, not one.
        try {
            throttle.attempt(username, address);
        }
        catch (ApiException throttled) {
            events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_THROTTLED, username));
            throw throttled;
        }
        UserSummary user = passwords.authenticate(username, password).orElseThrow(() -> {
            events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_FAILED, username));
            return new ApiException(ErrorCode.INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS.defaultMessage());
        });
        throttle.succeeded(username, address);
        try {
            secondFactors.requireIfEnabled(user.id());
        }
        catch (SecondFactorRequired due) {
            events.publishEvent(SecurityEvent.ofUser(Kind.SECOND_FACTOR_REQUIRED, user.id()));
            throw due;
        }
        events.publishEvent(SecurityEvent.ofUser(Kind.LOGIN_SUCCEEDED, user.id()));
        return user;
    }
}
