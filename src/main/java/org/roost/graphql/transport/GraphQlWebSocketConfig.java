package org.roost.graphql.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.graphql.ContextKeys;
import org.roost.graphql.GraphQlSettings;
import org.roost.graphql.WebSocketCredentials;
import org.roost.platform.web.RequestIds;
import org.roost.platform.web.RequestLogContext;
import org.slf4j.MDC;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlWebSocketHandler;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.WebSocketHandlerDecorator;
import org.springframework.web.socket.server.HandshakeInterceptor;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;
import org.springframework.web.socket.server.support.WebSocketHandlerMapping;
import org.springframework.web.socket.server.support.WebSocketHttpRequestHandler;

/**
 * {@code graphql-transport-ws} at {@code /graphql}, on the same path as HTTP: an upgrade request
 * is matched here first. Configured here rather than by Spring Boot's property so that the
 * handshake can carry the session's credential, and so that messages use GraphQL's camelCase JSON
 * rather than the REST API's snake_case mapper.
 *
 * <p>A connection keeps the request id of its upgrade request ({@code X-Request-Id}, or the one given
 * to it): every line logged for the connection carries it, its operations' errors report it, and each
 * operation's lines also carry {@code operation_id}, the id of its {@code subscribe} message (see
 * {@link OperationInterceptor}).
 */
@Configuration(proxyBeanMethods = false)
class GraphQlWebSocketConfig {

    @Bean
    GraphQlWebSocketHandler roostGraphQlWebSocketHandler(WebGraphQlHandler graphQlHandler, GraphQlSettings settings) {
        VirtualSessionSchedulers.install();
        return new GraphQlWebSocketHandler(graphQlHandler, new WebSocketMessageConverter(),
                settings.websocketInitTimeout(), settings.websocketKeepAlive());
    }

    @Bean
    HandlerMapping roostGraphQlWebSocketMapping(GraphQlWebSocketHandler handler, WebSocketCredentials credentials,
            LiveStreams streams) {
        DefaultHandshakeHandler handshake = new DefaultHandshakeHandler();
        WebSocketHttpRequestHandler graphQlUpgrade = handler.initWebSocketHttpRequestHandler(handshake);
        // The same handler and interceptors, with the sessions tracked so that shutdown can close them with 1001
        WebSocketHttpRequestHandler upgrade = new WebSocketHttpRequestHandler(new TrackedSessions(handler, streams), handshake);
        List<HandshakeInterceptor> interceptors = new ArrayList<>(List.of(new OriginSyntax()));
        interceptors.addAll(graphQlUpgrade.getHandshakeInterceptors());
        interceptors.add(new ConnectionRequestId());
        interceptors.add(credentials);
        upgrade.setHandshakeInterceptors(interceptors);
        WebSocketHandlerMapping mapping = new WebSocketHandlerMapping();
        mapping.setWebSocketUpgradeMatch(true);
        mapping.setUrlMap(Map.of(GraphQlHttpEndpoint.PATH, upgrade));
        mapping.setOrder(-2); // ahead of the HTTP routes on the same path
        return mapping;
    }

    /** The upgrade request's id becomes the connection's. */
    private static final class ConnectionRequestId implements HandshakeInterceptor {

        @Override
        public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
                Map<String, Object> attributes) {
            if (request instanceof ServletServerHttpRequest servlet) {
                attributes.put(ContextKeys.REQUEST_ID_ATTRIBUTE, RequestIds.of(servlet.getServletRequest()));
            }
            return true;
        }

        @Override
        public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
                @Nullable Exception exception) {
        }
    }

    /**
     * Tracks the open sessions, and runs each of the connection's callbacks with its request id in the log
     * context: they arrive on container threads that know nothing of the upgrade request.
     */
    private static final class TrackedSessions extends WebSocketHandlerDecorator {

        private final LiveStreams streams;

        TrackedSessions(WebSocketHandler delegate, LiveStreams streams) {
            super(delegate);
            this.streams = streams;
        }

        @Override
        public void afterConnectionEstablished(WebSocketSession session) throws Exception {
            try (MDC.MDCCloseable id = requestId(session)) {
                streams.opened(session);
                super.afterConnectionEstablished(session);
            }
        }

        @Override
        public void handleMessage(WebSocketSession session, WebSocketMessage<?> message) throws Exception {
            try (MDC.MDCCloseable id = requestId(session)) {
                super.handleMessage(session, message);
            }
        }

        @Override
        public void handleTransportError(WebSocketSession session, Throwable exception) throws Exception {
            try (MDC.MDCCloseable id = requestId(session)) {
                super.handleTransportError(session, exception);
            }
        }

        @Override
        public void afterConnectionClosed(WebSocketSession session, CloseStatus closeStatus) throws Exception {
            try (MDC.MDCCloseable id = requestId(session)) {
                streams.closed(session);
                super.afterConnectionClosed(session, closeStatus);
            }
        }

        private static MDC.MDCCloseable requestId(WebSocketSession session) {
            Object id = session.getAttributes().get(ContextKeys.REQUEST_ID_ATTRIBUTE);
            return MDC.putCloseable(RequestLogContext.REQUEST_ID, id instanceof String value ? value : session.getId());
        }
    }
}
