package org.roost.platform.outbound;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Requests to client-supplied URLs ({@code roost.outbound.*}, defaults in application.yml).
 *
 * @param allowedHosts   host names or address literals (as written in the URL, without brackets for IPv6) that may
 *                       be reached whatever they resolve to: for development and tests (a local receiver on
 *                       {@code 127.0.0.1}), or an operator's own internal service; empty in production
 * @param connectTimeout time allowed to open the connection (TCP and TLS)
 * @param readTimeout    time allowed for the answer, between bytes
 */
@ConfigurationProperties("roost.outbound")
record OutboundProperties(List<String> allowedHosts, Duration connectTimeout, Duration readTimeout) {

    OutboundProperties {
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
    }

    Set<String> allowed() {
        return allowedHosts.stream().map(OutboundProperties::hostKey).collect(Collectors.toUnmodifiableSet());
    }

    /** A host as compared with the allowed list: lower case, without IPv6 brackets or a trailing dot. */
    static String hostKey(String host) {
        String key = host.strip().toLowerCase(Locale.ROOT);
        if (key.startsWith("[") && key.endsWith("]")) {
            key = key.substring(1, key.length() - 1);
        }
        return key.endsWith(".") ? key.substring(0, key.length() - 1) : key;
    }
}
