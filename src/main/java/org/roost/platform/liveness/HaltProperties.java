package org.roost.platform.liveness;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The last-resort halt of a shutdown ({@code roost.shutdown.halt-after}, beside the drain; {@link ShutdownHalt}).
 *
 * @param haltAfter how long after SIGTERM the process halts if it has not ended; above the drain plus
 *                  {@code spring.lifecycle.timeout-per-shutdown-phase}, below the orchestrator's own grace period
 */
@ConfigurationProperties("roost.shutdown")
record HaltProperties(Duration haltAfter) {
}
