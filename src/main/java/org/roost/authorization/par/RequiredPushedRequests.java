package org.roost.authorization.par;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.util.StringUtils;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A client that must push its authorization requests ({@link PushedRequestSettings}) may start an authorization
 * only with a {@code request_uri} from the PAR endpoint: a request with its parameters in the URL is refused before
 * Spring reads it, with the OAuth JSON error. The answer is 400, not a redirect: the redirect URI in such a request
 * is unchecked, so nothing is sent there.
 * <p>
 * Which requests are authorization requests is decided as Spring's authorization endpoint decides it, so no
 * spelling reaches the one and not the other: the same path matcher (decoded, so {@code /oauth2/%61uthorize} is the
 * endpoint; path parameters ignored), every method but the consent form's POST (no {@code response_type}), and a
 * {@code request_uri} counts only when it has text, as Spring's provider reads it (an empty one is a direct
 * request). The client is the first {@code client_id}, the one Spring uses.
 */
final class RequiredPushedRequests extends OncePerRequestFilter {

    private static final RequestMatcher AUTHORIZATION_ENDPOINT =
            PathPatternRequestMatcher.withDefaults().matcher("/oauth2/authorize");

    private final RegisteredClientRepository clients;

    RequiredPushedRequests(RegisteredClientRepository clients) {
        this.clients = clients;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        boolean consent = "POST".equals(request.getMethod()) && !StringUtils.hasText(request.getParameter("response_type"));
        return !AUTHORIZATION_ENDPOINT.matches(request) || consent
                || StringUtils.hasText(request.getParameter("request_uri"))
                || !StringUtils.hasText(request.getParameter("client_id"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RegisteredClient client = clients.findByClientId(request.getParameter("client_id"));
        if (client == null || !PushedRequestSettings.requires(client)) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write("{\"error\":\"invalid_request\",\"error_description\":\"This client must push its "
                + "authorization requests (RFC 9126): send the parameters to the pushed_authorization_request_endpoint "
                + "and use the request_uri it returns.\"}");
    }
}
