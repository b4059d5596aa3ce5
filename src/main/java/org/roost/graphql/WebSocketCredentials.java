package org.roost.graphql;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.roost.authorization.token.AccessTokenVerifier;
import org.roost.authorization.token.Issuers;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * The two ways a WebSocket proves who it is: the session cookie of the handshake (which the
 * security filters have already checked), or {@code {"Authorization": "Bearer …"}} in
 * {@code connection_init}, verified by the same {@link AccessTokenVerifier} as a bearer header. A message carries
 * no DPoP proof, so a sender-constrained token is refused here as a bearer header without proof is refused on HTTP.
 * A cookie is only trusted when the handshake comes from this service's own origin: browsers
 * send cookies on cross-site WebSocket handshakes, and no CSRF token protects them.
 */
@Component
public class WebSocketCredentials implements HandshakeInterceptor {

    private static final String HANDSHAKE = WebSocketCredentials.class.getName() + ".handshake";
    private static final String ISSUER = WebSocketCredentials.class.getName() + ".issuer";

    private final AccessTokenVerifier verifier;
    private final Issuers issuers;

    WebSocketCredentials(AccessTokenVerifier verifier, Issuers issuers) {
        this.verifier = verifier;
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
        try {
            return Credential.of(verifier.withoutProof(token), null);
        }
        catch (OAuth2AuthenticationException invalid) {
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
