package org.roost.platform.availability;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param interval   how often each dependency is checked in the background (health reads the result)
 * @param staleAfter a dependency whose last successful check is older than this is reported down:
 *                   a hung check counts as a failure without anyone waiting for it
 */
@ConfigurationProperties("roost.health.probes")
record ProbeProperties(Duration interval, Duration staleAfter) {
}
