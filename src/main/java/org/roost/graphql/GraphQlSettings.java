package org.roost.graphql;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Limits and switches of the GraphQL endpoint ({@code roost.graphql.*}, defaults in application.yml).
 *
 * @param maxDocumentSize        the longest query text accepted, checked before parsing
 * @param maxDepth               the deepest field nesting, fragments included
 * @param maxCost                one point per field, multiplied by the {@code first} of every enclosing list
 * @param maxAliases             aliased fields per document, which would otherwise multiply work cheaply
 * @param maxFields              fields of the whole document once every fragment spread is expanded, checked
 *                               before validation (which expands them)
 * @param maxExecutionTime       the longest a query or mutation may run before it is cancelled
 * @param maxResponseSize        the most a query's or mutation's answer may hold (its values and field names, as
 *                               JSON); past it the operation is stopped and answers an error instead of its data
 * @param introspection          whether {@code __schema} and {@code __type} answer
 * @param fieldSuggestions       whether validation messages may name fields the client did not ask for
 * @param documentCacheSize      parsed and validated documents kept, by query text
 * @param persistedQueryCacheSize automatic persisted queries kept, by SHA-256 hash
 * @param sessionCheckInterval   how often a running subscription re-checks that its credential still holds
 * @param sseTimeout             the longest a Server-Sent Events subscription stays open
 * @param websocketInitTimeout   how long a WebSocket may wait before {@code connection_init}
 * @param websocketKeepAlive     the interval of server pings on an idle WebSocket
 * @param subscriptions          how many subscriptions may be open at once, per connection, caller, address and instance
 */
@ConfigurationProperties("roost.graphql")
public record GraphQlSettings(DataSize maxDocumentSize, int maxDepth, int maxCost, int maxAliases, int maxFields,
        Duration maxExecutionTime, DataSize maxResponseSize, boolean introspection, boolean fieldSuggestions, int documentCacheSize,
        int persistedQueryCacheSize, Duration sessionCheckInterval, Duration sseTimeout, Duration websocketInitTimeout,
        Duration websocketKeepAlive, SubscriptionCaps subscriptions) {

    /**
     * Open subscriptions allowed at once on one instance; WebSocket and Server-Sent Events count alike.
     *
     * @param perConnection one WebSocket's operations
     * @param perCaller     one user's or client's (anonymous callers count under their address only)
     * @param perAddress    one client address's, whoever is signed in
     * @param perInstance   all of this instance's, which bounds the memory they take
     */
    public record SubscriptionCaps(int perConnection, int perCaller, int perAddress, int perInstance) {
    }
}
