package org.roost.identity.email;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Account mail ({@code roost.email.*}); links in it start with the service's one public origin
 * ({@code roost.public-url}).
 *
 * @param from                   the sender of every message
 * @param verificationLifetime   how long a link proving an address works
 * @param resendInterval         the least time between two links for the same account
 * @param verificationsPerWindow verification mails one address receives per {@code verificationWindow} at most,
 *                               across sign-ups, address changes and resends, whichever account names it
 * @param verificationWindow     the window of {@code verificationsPerWindow}
 * @param retryInterval          how often queued mail is looked at (due retries, messages of a stopped instance)
 * @param retryBackOff           the wait after a first failed try, doubled after each further one
 * @param maxAttempts            tries before a message is given up (logged at WARN)
 * @param retryAfterStop         how long a message being sent is another instance's: past it, it is due again
 */
@ConfigurationProperties("roost.email")
record EmailProperties(String from, Duration verificationLifetime, Duration resendInterval, int verificationsPerWindow,
        Duration verificationWindow, Duration retryInterval, Duration retryBackOff, int maxAttempts,
        Duration retryAfterStop) {
}
