package org.roost.auth;

import org.roost.shared.ApiException;
import org.roost.shared.ErrorCode;
import org.roost.user.UserService;
import org.roost.user.UserSummary;
import org.springframework.stereotype.Component;

/**
 * The one password check behind every sign-in (JSON session login, token login, the authorization
 * server's form): throttled per username and client address, and the same answer whether the
 * user is unknown or the password wrong.
 */
@Component
public class PasswordLogins {

    private final UserService users;
    private final LoginThrottle throttle;

    PasswordLogins(UserService users, LoginThrottle throttle) {
        this.users = users;
        this.throttle = throttle;
    }

    /**
     * @throws ApiException {@code RATE_LIMITED} after too many failures, {@code INVALID_CREDENTIALS} for a wrong pair
     */
    public UserSummary authenticate(String username, String password, String address) {
        // Counted before the hash: forty guesses sent at once are forty attempts, not one.
        throttle.attempt(username, address);
        UserSummary user = users.authenticate(username, password).orElseThrow(
                () -> new ApiException(ErrorCode.INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS.defaultMessage()));
        throttle.succeeded(username, address);
        return user;
    }
}
