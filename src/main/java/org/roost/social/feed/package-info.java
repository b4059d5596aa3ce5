/**
 * Reading posts in bulk: the home timeline (REST {@code /feed}, GraphQL {@code feed} and its subscription) and the
 * public timeline ({@code GET /posts}), each post with its author.
 */
@ApplicationModule(displayName = "Social: feed",
        allowedDependencies = { "identity :: user", "platform :: live", "platform :: openapi", "platform :: shared", "platform :: web", "social.post" })
@NullMarked
package org.roost.social.feed;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
