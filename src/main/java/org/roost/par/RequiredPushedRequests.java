package org.roost.par;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A client whose settings say {@value #SETTING} (RFC 9126's client metadata
 * {@code require_pushed_authorization_requests}) may start an authorization only with a {@code request_uri} from
 * the PAR endpoint: a request with its parameters in the URL is refused before Spring reads it. The answer is 400
 * to the browser, not a redirect: the redirect URI in such a request is unchecked, so nothing is sent there.
 * The consent form's POST (no {@code response_type}) is no authorization request and passes.
 */
final class RequiredPushedRequests extends OncePerRequestFilter {

    static final String SETTING = "settings.client.require-pushed-authorization-requests";

    private final RegisteredClientRepository clients;

    RequiredPushedRequests(RegisteredClientRepository clients) {
        this.clients = clients;
    }

    static boolean requires(RegisteredClient client) {
        return Boolean.TRUE.equals(client.getClientSettings().getSetting(SETTING));
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"/oauth2/authorize".equals(request.getRequestURI()) || request.getParameter("response_type") == null
                || request.getParameter("request_uri") != null || request.getParameter("client_id") == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RegisteredClient client = clients.findByClientId(request.getParameter("client_id"));
        if (client == null || !requires(client)) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getWriter().write("{\"error\":\"invalid_request\",\"error_description\":\"This client must push its "
                + "authorization requests (RFC 9126): send the parameters to the pushed_authorization_request_endpoint "
                + "and use the request_uri it returns.\"}");
    }
}
