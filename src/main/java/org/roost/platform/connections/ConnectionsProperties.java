package org.roost.platform.connections;

import java.time.Duration;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Connection limits ({@code roost.connections.*}, defaults in application.yml).
 *
 * @param headerDeadline how long a request may take from its first byte until its headers are complete
 * @param minBodyRate    the slowest a body (declared or chunked) may arrive, per second, after the grace
 * @param bodyGrace      how long a body may lag behind the minimum rate before it counts
 * @param perAddress     open connections one remote address may hold; the newest over it are closed
 * @param sweepInterval  how often the open connections are walked
 * @param proxies        addresses exempt from the per-address limit (a regular expression; by default
 *                       server.tomcat.remoteip.internal-proxies): behind a proxy every connection comes from it
 */
@ConfigurationProperties("roost.connections")
record ConnectionsProperties(Duration headerDeadline, DataSize minBodyRate, Duration bodyGrace, int perAddress,
        Duration sweepInterval, String proxies) {

    boolean isProxy(String address) {
        return !proxies.isEmpty() && Pattern.matches(proxies, address);
    }
}
