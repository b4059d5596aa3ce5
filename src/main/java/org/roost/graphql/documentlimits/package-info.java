/**
 * How much one GraphQL operation may cost, whichever transport brings it: the document's size, depth, aliases
 * and expanded fields before validation (with the cache of parsed documents that keeps those checks once per
 * text), the cost by the {@code first} of each list and its charge to the caller's rate limit before anything
 * runs, and the time budget that cancels a query still running. Settings and the error shape are the
 * {@code graphql} module's.
 */
@ApplicationModule(displayName = "GraphQL: documentlimits",
        allowedDependencies = { "graphql", "platform :: ratelimits", "platform :: shared" })
@NullMarked
package org.roost.graphql.documentlimits;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
