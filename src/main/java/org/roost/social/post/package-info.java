@ApplicationModule(displayName = "Social: post",
        allowedDependencies = { "identity :: user", "platform :: live", "platform :: openapi", "platform :: shared", "platform :: web", "social.follow" })
@NullMarked
package org.roost.social.post;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
