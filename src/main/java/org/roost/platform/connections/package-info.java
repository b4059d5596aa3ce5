/**
 * Connection hygiene: deadlines Tomcat does not have (a total one for request headers, a minimum body
 * rate), a per-address connection limit, and max-connections checked against the open-file limit.
 * See docs/operations.md, "Connection limits".
 */
@ApplicationModule(displayName = "Platform: connections",
        allowedDependencies = {})
@NullMarked
package org.roost.platform.connections;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
