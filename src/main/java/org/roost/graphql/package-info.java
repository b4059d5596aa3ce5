/**
 * GraphQL operations, whichever transport brings them ({@code graphqltransport}), shared by the feature controllers
 * in {@code user}, {@code post} and {@code follow}: the caller and request id in the context, credentials that must
 * keep holding, document limits and cost, the one error shape, shared subscriptions and their caps, graphql-java's
 * settings.
 */
@NullMarked
package org.roost.graphql;

import org.jspecify.annotations.NullMarked;
