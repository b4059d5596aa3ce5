package org.roost.identity.login;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Failed attempts allowed per window: with N, N are checked and the (N+1)th answers {@code 429} while a
 * back-off runs (OWASP Authentication Cheat Sheet: back-off, no lockout).
 *
 * @param perUsernameAndAddress strict: one guesser against one account
 * @param perUsername           loose: guessers spread over many addresses, without letting a stranger lock a user out
 * @param perAddress            loose: many users share an address behind a NAT
 * @param perClient             failed client authentications at the token endpoints, per client id
 * @param window                counts start afresh after this long
 * @param baseDelay             the first back-off, started by the N-th attempt; it doubles with each attempt allowed after it, up to the window
 */
@ConfigurationProperties("roost.login-throttle")
record LoginThrottleProperties(int perUsernameAndAddress, int perUsername, int perAddress, int perClient,
        Duration window, Duration baseDelay) {
}
