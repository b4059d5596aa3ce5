package org.roost.authorization.backchannel;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Delivery of logout tokens ({@code roost.oauth.backchannel-logout.*}, defaults in application.yml).
 *
 * @param deadline how long after the sign-out a logout token is still tried
 * @param firstRetry the wait after the first failed attempt, doubled after each further one up to {@code maxRetry}
 * @param pollInterval how often each instance looks for due deliveries
 * @param timeout how long a logout token outlives its attempt (plus two minutes); the attempt itself has
 *                {@code roost.outbound.connect-timeout} and {@code read-timeout}
 * @param clients configured clients' logout URIs by client id (Spring Boot's client properties have no such field)
 */
@ConfigurationProperties("roost.oauth.backchannel-logout")
record BackchannelProperties(Duration deadline, Duration firstRetry, Duration maxRetry, Duration pollInterval,
        Duration timeout, Map<String, Client> clients) {

    BackchannelProperties {
        clients = clients == null ? Map.of() : Map.copyOf(clients);
    }

    /** @param sessionRequired whether the client needs {@code sid} in the logout token (Roost always sends it) */
    record Client(URI uri, boolean sessionRequired) {
    }
}
