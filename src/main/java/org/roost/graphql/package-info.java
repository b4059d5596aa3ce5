/**
 * The GraphQL endpoint's infrastructure, shared by the feature controllers in {@code user},
 * {@code post} and {@code follow}: transports (HTTP, SSE, WebSocket), credentials, limits, errors,
 * persisted queries, the live-event source of subscriptions and the GraphiQL page.
 */
@NullMarked
package org.roost.graphql;

import org.jspecify.annotations.NullMarked;
