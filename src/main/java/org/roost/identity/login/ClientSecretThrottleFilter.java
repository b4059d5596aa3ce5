package org.roost.identity.login;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import org.roost.platform.web.RequestPaths;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Client secrets are checked by the authorization server's own filters; this counts each client's
 * attempts at the endpoints that check them, before they do, and backs off (429) after too many
 * failed client authentications (401), so a secret cannot be guessed at full speed.
 */
@Component
@Order(FilterOrder.CLIENT_SECRET_THROTTLE)
class ClientSecretThrottleFilter extends OncePerRequestFilter {

    private static final Set<String> PATHS = Set.of("/oauth2/token", "/oauth2/introspect", "/oauth2/revoke");

    private final LoginThrottle throttle;
    private final ErrorResponses errors;

    ClientSecretThrottleFilter(LoginThrottle throttle, ErrorResponses errors) {
        this.throttle = throttle;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || !PATHS.contains(RequestPaths.of(request));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String clientId = clientId(request);
        if (clientId == null) {
            chain.doFilter(request, response);
            return;
        }
        try {
            throttle.clientAttempt(clientId);
        }
        catch (ApiException refused) {
            errors.write(request, response, refused);
            return;
        }
        chain.doFilter(request, response);
        // Only a refused client authentication (401 invalid_client) is a failed guess. Any other answer means the
        // client proved itself (or has nothing to prove): a device polling authorization_pending (400) every few
        // seconds is not guessing a secret, and counting those locked device clients out after five polls.
        if (response.getStatus() != HttpServletResponse.SC_UNAUTHORIZED) {
            throttle.clientSucceeded(clientId);
        }
    }

    private static @Nullable String clientId(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            try {
                String pair = new String(Base64.getDecoder().decode(authorization.substring(6).strip()), StandardCharsets.UTF_8);
                int colon = pair.indexOf(':');
                return colon > 0 ? java.net.URLDecoder.decode(pair.substring(0, colon), StandardCharsets.UTF_8) : null;
            }
            catch (IllegalArgumentException malformed) {
                return null;
            }
        }
        String param = request.getParameter("client_id");
        return param == null || param.isBlank() || param.length() > 200 ? null : param;
    }
}
