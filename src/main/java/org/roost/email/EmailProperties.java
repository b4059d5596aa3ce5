package org.roost.email;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param from                 the sender of every message
 * @param linkOrigin           where links in mail point (e.g. https://roost.example.com); empty: the issuer, i.e. the
 *                             configured one or else the origin the request came to
 * @param verificationLifetime how long a link proving an address works
 * @param resendInterval       the least time between two links for the same address
 */
@ConfigurationProperties("roost.email")
record EmailProperties(String from, String linkOrigin, Duration verificationLifetime, Duration resendInterval) {
}
