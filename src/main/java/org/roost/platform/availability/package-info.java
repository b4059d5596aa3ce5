/**
 * How this instance behaves when PostgreSQL or Redis fails: client-side timeouts and reconnection
 * for Redis, and the background probes behind the {@code db} and {@code redis} health indicators
 * (and so behind readiness), what a scheduled job's failure writes to the log, and the order in which requests
 * get a pooled connection, so that a busy pool is not mistaken for a broken one. Mapping failures to
 * {@code 503} is the web layer's job.
 */
@ApplicationModule(displayName = "Platform: availability",
        allowedDependencies = "platform :: shared")
@NullMarked
package org.roost.platform.availability;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
