package org.roost.platform.web;

import java.util.Map;
import java.util.Objects;

import io.micrometer.context.integration.Slf4jThreadLocalAccessor;
import org.slf4j.MDC;

/**
 * The log keys of a unit of work, {@code request_id} (an HTTP request, or a WebSocket connection) and
 * {@code operation_id} (one GraphQL operation on a WebSocket), carried by Micrometer's context propagation
 * wherever the work moves: Spring for GraphQL captures them when an operation starts and restores them
 * for resolvers, batch loaders and subscription streams on other threads, and Reactor (with
 * {@code spring.reactor.context-propagation=auto}) in its operators.
 *
 * <p>Registered through {@code META-INF/services/io.micrometer.context.ThreadLocalAccessor}, which is
 * why this class is public and has a no-argument constructor.
 *
 * <p>Spring for GraphQL sets and restores these around every resolver call, almost always on the thread that
 * already holds the same values: a key that holds its value already is left alone, as each MDC write copies the
 * map (this was a tenth of a 50 x 10 GraphQL query's CPU, docs/performance.md).
 */
public final class RequestLogContext extends Slf4jThreadLocalAccessor {

    public static final String REQUEST_ID = "request_id";
    public static final String OPERATION_ID = "operation_id";

    public RequestLogContext() {
        super(REQUEST_ID, OPERATION_ID);
    }

    @Override
    public void setValue(Map<String, String> value) {
        for (String key : new String[] { REQUEST_ID, OPERATION_ID }) {
            String wanted = value.get(key);
            String current = MDC.get(key);
            if (wanted == null) {
                if (current != null) {
                    MDC.remove(key);
                }
            }
            else if (!Objects.equals(wanted, current)) {
                MDC.put(key, wanted);
            }
        }
    }

    @Override
    public void setValue() {
        for (String key : new String[] { REQUEST_ID, OPERATION_ID }) {
            if (MDC.get(key) != null) {
                MDC.remove(key);
            }
        }
    }
}
