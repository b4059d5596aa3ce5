package org.roost.identity.user;

/**
 * Counts a signed-in user's attempts at confirming their password ({@code current_password}, re-authentication), so
 * that a stolen session cannot guess the password it would then change. Implemented by the login protection
 * (login.LoginThrottle: counted before the hash, back-off after the allowance), which this module does not know.
 */
public interface CurrentPasswordThrottle {

    /** @throws org.roost.platform.shared.ApiException {@code RATE_LIMITED} while the account's back-off runs */
    void attempt(String username);

    void succeeded(String username);
}
