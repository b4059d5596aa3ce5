package org.roost.graphql;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.roost.token.Issuers;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * The two ways a WebSocket proves who it is: the session cookie of the handshake (which the
 * security filters have already checked), or {@code {"Authorization": "Bearer …"}} in
 * {@code connection_init}, decoded like a bearer header when the service issues tokens.
 * A cookie is only trusted when the handshake comes from this service's own origin: browsers
 * send cookies on cross-site WebSocket handshakes, and no CSRF token protects them.
 */
@Component
public class WebSocketCredentials implements HandshakeInterceptor {

    private static final String HANDSHAKE = WebSocketCredentials.class.getName() + ".handshake";
    private static final String ISSUER = WebSocketCredentials.class.getName() + ".issuer";

    private final ObjectProvider<JwtDecoder> jwtDecoder;
    private final ObjectProvider<JwtAuthenticationConverter> jwtConverter;
    private final Issuers issuers;

    /** Both optional: bearer tokens work here as soon as the service configures them for HTTP. */
    WebSocketCredentials(ObjectProvider<JwtDecoder> jwtDecoder, ObjectProvider<JwtAuthenticationConverter> jwtConverter,
            Issuers issuers) {
        this.jwtDecoder = jwtDecoder;
        this.jwtConverter = jwtConverter;
        this.issuers = issuers;
    }

    @Override
    public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            Map<String, Object> attributes) {
        if (request instanceof ServletServerHttpRequest servlet) {
            // connection_init arrives later, off the request: remember which origin the token must come from
            attributes.put(ISSUER, issuers.of(servlet.getServletRequest()));
            if (sameOrigin(request.getHeaders())) {
                HttpServletRequest http = servlet.getServletRequest();
                Credential.fromHttp(http).ifPresent(credential -> attributes.put(HANDSHAKE, credential));
            }
        }
        return true;
    }

    @Override
    public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            @Nullable Exception exception) {
    }

    /** The bearer token of {@code connection_init} if there is one, else the handshake's session. */
    Optional<Credential> authenticate(Map<String, Object> attributes, Map<String, Object> payload) {
        Object authorization = payload.getOrDefault("Authorization", payload.get("authorization"));
        if (authorization instanceof String value && value.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return attributes.get(ISSUER) instanceof String issuer
                    ? issuers.actingFor(issuer, () -> bearer(value.substring(7).strip())) : Optional.empty();
        }
        return Optional.ofNullable(attributes.get(HANDSHAKE) instanceof Credential c ? c : null);
    }

    private Optional<Credential> bearer(String token) {
        JwtDecoder decoder = jwtDecoder.getIfAvailable();
        if (decoder == null) {
            return Optional.empty();
        }
        try {
            JwtAuthenticationConverter converter = jwtConverter.getIfAvailable(JwtAuthenticationConverter::new);
            return Credential.of(converter.convert(decoder.decode(token)), null);
        }
        catch (JwtException invalid) {
            return Optional.empty();
        }
    }

    private static boolean sameOrigin(HttpHeaders headers) {
        String origin = headers.getOrigin();
        if (origin == null) {
            return true; // not a browser: nothing sends its cookies on its behalf
        }
        try {
            return URI.create(origin).getAuthority().equalsIgnoreCase(headers.getFirst(HttpHeaders.HOST));
        }
        catch (IllegalArgumentException | NullPointerException malformed) {
            return false;
        }
    }
}
