/** Likes: who liked which post, the count kept on each post, over REST and GraphQL. */
@ApplicationModule(displayName = "Social: like",
        allowedDependencies = { "identity :: user", "platform :: openapi", "platform :: shared", "platform :: web", "social.post" })
@NullMarked
package org.roost.social.like;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
