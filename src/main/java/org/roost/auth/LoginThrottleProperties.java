package org.roost.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Free attempts per window before back-off starts (OWASP Authentication Cheat Sheet: no lockout).
 *
 * @param perUsernameAndAddress strict: one guesser against one account
 * @param perUsername           loose: guessers spread over many addresses, without letting a stranger lock a user out
 * @param perAddress            loose: many users share an address behind a NAT
 * @param perClient             failed client authentications at the token endpoints, per client id
 * @param window                counts start afresh after this long
 * @param baseDelay             the first back-off; it doubles with each attempt past the allowance, up to the window
 */
@ConfigurationProperties("roost.login-throttle")
record LoginThrottleProperties(int perUsernameAndAddress, int perUsername, int perAddress, int perClient,
        Duration window, Duration baseDelay) {
}
