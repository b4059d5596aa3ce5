package org.roost.graphql.transport;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Refuses a handshake whose {@code Origin} is not a well-formed origin ({@code scheme://host[:port]}) with
 * 403, as a foreign origin is refused. Spring's origin check parses the header and throws on a malformed one
 * such as {@code http://127.0.0.1:8080.evil.example}, which answered 500 with a stack trace in the log; so
 * this check runs first.
 */
final class OriginSyntax implements HandshakeInterceptor {

    @Override
    public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            Map<String, Object> attributes) {
        String origin = request.getHeaders().getFirst(HttpHeaders.ORIGIN);
        if (origin == null || origin.equals("null") || wellFormed(origin)) {
            return true; // "null" (an opaque origin) is well-formed and left to the origin check, which refuses it
        }
        response.setStatusCode(HttpStatus.FORBIDDEN);
        return false;
    }

    static boolean wellFormed(String origin) {
        try {
            URI uri = new URI(origin);
            boolean webScheme = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            return webScheme && uri.getHost() != null && uri.getUserInfo() == null && uri.getRawPath().isEmpty()
                    && uri.getRawQuery() == null && uri.getRawFragment() == null && uri.getPort() <= 65535;
        }
        catch (URISyntaxException malformed) {
            return false;
        }
    }

    @Override
    public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            @Nullable Exception exception) {
    }
}
