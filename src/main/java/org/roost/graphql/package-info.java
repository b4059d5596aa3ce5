/**
 * GraphQL operations, whichever transport brings them ({@code transport}), shared by the feature controllers
 * in {@code user}, {@code post} and {@code follow}: the caller and request id in the context, credentials that must
 * keep holding, the read scopes of every field, the one error shape, shared subscriptions and their caps. What an
 * operation may cost is {@code documentlimits}.
 */
@ApplicationModule(displayName = "GraphQL", allowedDependencies = {
        "authorization :: token", "gateway :: publicreading", "gateway :: security", "platform :: apichain",
        "platform :: live", "platform :: ratelimits", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.graphql;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
