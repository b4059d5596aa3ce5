@ApplicationModule(displayName = "Social: demo",
        allowedDependencies = { "identity :: user", "platform :: shared", "social.follow", "social.post" })
@NullMarked
package org.roost.social.demo;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
