package org.roost.identity.recovery;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param linkLifetime how long a reset link works
 * @param perAddress   reset requests one client address may make per {@code window} (more answer 429)
 * @param perAccount   reset mails one account receives per {@code window} (more are dropped silently: answering
 *                     differently would tell that the account exists)
 */
@ConfigurationProperties("roost.recovery")
record RecoveryProperties(Duration linkLifetime, int perAddress, int perAccount, Duration window) {
}
