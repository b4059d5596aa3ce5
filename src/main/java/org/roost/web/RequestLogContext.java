package org.roost.web;

import io.micrometer.context.integration.Slf4jThreadLocalAccessor;

/**
 * The log keys of a unit of work, {@code request_id} (an HTTP request, or a WebSocket connection) and
 * {@code operation_id} (one GraphQL operation on a WebSocket), carried by Micrometer's context propagation
 * wherever the work moves: Spring for GraphQL captures them when an operation starts and restores them
 * for resolvers, batch loaders and subscription streams on other threads, and Reactor (with
 * {@code spring.reactor.context-propagation=auto}) in its operators.
 *
 * <p>Registered through {@code META-INF/services/io.micrometer.context.ThreadLocalAccessor}, which is
 * why this class is public and has a no-argument constructor.
 */
public final class RequestLogContext extends Slf4jThreadLocalAccessor {

    public static final String REQUEST_ID = "request_id";
    public static final String OPERATION_ID = "operation_id";

    public RequestLogContext() {
        super(REQUEST_ID, OPERATION_ID);
    }
}
