package org.roost.platform.liveness;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The request watchdog ({@code roost.watchdog.*}, defaults in application.yml; {@link RequestWatchdog}).
 *
 * @param stallAfter how long requests may be in flight with none completing before liveness reports DOWN; well
 *                   above any request's own limits (statements 1.5 s, Redis 1 s, outbound calls, the password queue)
 */
@ConfigurationProperties("roost.watchdog")
record WatchdogProperties(Duration stallAfter) {
}
