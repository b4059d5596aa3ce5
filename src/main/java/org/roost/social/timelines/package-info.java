/**
 * The background half of hybrid home timelines (docs/timelines.md): threshold crossings and copying back, feeds
 * trimmed to their cap, and the repair after an import. The post feature owns the tables and the read and write
 * paths; this package runs bounded statements on them, each its own transaction, on any number of instances.
 */
@ApplicationModule(displayName = "Social: timelines",
        allowedDependencies = { "platform :: shared", "social.post", "social.post :: settings" })
@NullMarked
package org.roost.social.timelines;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
