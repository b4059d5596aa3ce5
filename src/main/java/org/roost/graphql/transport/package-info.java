/**
 * GraphQL over HTTP, Server-Sent Events and WebSocket, on Spring for GraphQL's handlers: how a request reaches
 * {@code org.roost.graphql}'s operations and how their results are written (statuses, streams, persisted queries,
 * GraphiQL, the OpenAPI description of {@code /graphql}). Everything about an operation itself is {@code graphql}'s.
 */
@ApplicationModule(displayName = "GraphQL: transport",
        allowedDependencies = { "gateway :: publicreading", "graphql", "platform :: apichain", "platform :: live", "platform :: ratelimits", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.graphql.transport;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
