package org.roost.graphql;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlWebSocketHandler;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.socket.CloseStatus;
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
 */
@Configuration(proxyBeanMethods = false)
class GraphQlWebSocketConfig {

    @Bean
    GraphQlWebSocketHandler roostGraphQlWebSocketHandler(WebGraphQlHandler graphQlHandler, GraphQlSettings settings) {
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
        List<HandshakeInterceptor> interceptors = new ArrayList<>(graphQlUpgrade.getHandshakeInterceptors());
        interceptors.add(credentials);
        upgrade.setHandshakeInterceptors(interceptors);
        WebSocketHandlerMapping mapping = new WebSocketHandlerMapping();
        mapping.setWebSocketUpgradeMatch(true);
        mapping.setUrlMap(Map.of(GraphQlHttpEndpoint.PATH, upgrade));
        mapping.setOrder(-2); // ahead of the HTTP routes on the same path
        return mapping;
    }

    private static final class TrackedSessions extends WebSocketHandlerDecorator {

        private final LiveStreams streams;

        TrackedSessions(WebSocketHandler delegate, LiveStreams streams) {
            super(delegate);
            this.streams = streams;
        }

        @Override
        public void afterConnectionEstablished(WebSocketSession session) throws Exception {
            streams.opened(session);
            super.afterConnectionEstablished(session);
        }

        @Override
        public void afterConnectionClosed(WebSocketSession session, CloseStatus closeStatus) throws Exception {
            streams.closed(session);
            super.afterConnectionClosed(session, closeStatus);
        }
    }
}
