/**
 * The social network itself: posts, follows, likes, timelines, their repair after imports, demo data, and ActivityPub
 * (other servers reading people and posts, {@code activitypub}).
 */
@ApplicationModule(displayName = "Social", allowedDependencies = {
        "identity :: user", "platform :: live", "platform :: openapi", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.social;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
