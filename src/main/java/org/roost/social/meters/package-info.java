/** Meters of the social network's domain events, the ones live subscriptions are fed from. */
@ApplicationModule(displayName = "Social: meters",
        allowedDependencies = { "social.follow", "social.post" })
@NullMarked
package org.roost.social.meters;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
