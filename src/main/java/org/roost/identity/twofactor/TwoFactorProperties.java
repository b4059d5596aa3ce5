package org.roost.identity.twofactor;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param issuer            the name authenticator apps show beside the account
 * @param stepTokenLifetime how long a step token (password checked, code still due) lasts
 * @param attemptsPerStep   codes one step token may try before it is void
 * @param failuresPerUser   wrong codes a user's account allows per {@code window}; more answer 429 until it ends
 */
@ConfigurationProperties("roost.two-factor")
record TwoFactorProperties(String issuer, Duration stepTokenLifetime, int attemptsPerStep, int failuresPerUser,
        Duration window) {
}
