package org.roost.identity.recovery;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param linkLifetime how long a reset link works
 * @param perAddress   reset requests one client address may make per {@code window} (more answer 429)
 * @param perAccount   reset mails one account receives per {@code window} (more are dropped silently: answering
 *                     differently would tell that the account exists)
 * @param requestClaim how long an instance holds a request it answered before handling it: one it did not finish (it
 *                     stopped, or the database failed) is handled by any instance after this
 * @param requestPollInterval how often each instance looks for such requests
 * @param requestMaxAttempts tries at handling one request before it is dropped
 */
@ConfigurationProperties("roost.recovery")
record RecoveryProperties(Duration linkLifetime, int perAddress, int perAccount, Duration window, Duration requestClaim,
        Duration requestPollInterval, int requestMaxAttempts) {
}
