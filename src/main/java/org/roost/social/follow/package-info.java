@ApplicationModule(displayName = "Social: follow",
        allowedDependencies = { "identity :: user", "platform :: live", "platform :: openapi", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.social.follow;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
