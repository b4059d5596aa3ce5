/**
 * Rebuilding what the service derives from users, follows and posts (follower counters, home timelines) after
 * rows were written outside the API: {@code POST /actuator/repair}, or {@code roost.repair.at-start}.
 */
@ApplicationModule(displayName = "Social: repair",
        allowedDependencies = { "social.follow", "social.timelines" })
@NullMarked
package org.roost.social.repair;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
