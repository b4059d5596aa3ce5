/**
 * What keeps an instance from staying up without serving, or from never ending: the request watchdog behind
 * liveness (DOWN, with the threads in the log, when requests stop completing) and the last-resort halt after
 * SIGTERM (docs/running.md, "Threads"; docs/operations.md).
 */
@ApplicationModule(displayName = "Platform: liveness",
        allowedDependencies = "platform :: web")
@NullMarked
package org.roost.platform.liveness;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
