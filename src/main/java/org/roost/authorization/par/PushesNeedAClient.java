package org.roost.authorization.par;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.http.converter.OAuth2ErrorHttpMessageConverter;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Only a client pushes authorization requests. Spring's PAR endpoint takes any authenticated caller, a person's
 * bearer token too, and then hands the framework's authentication manager nothing to check (its converter finds no
 * client), which threw a {@code NullPointerException}: a 500 and two ERROR lines for a request that is simply not a
 * client's; the same for a client's push without {@code response_type=code}. Checked on the endpoint as Spring's own
 * matcher sees it (the decoded path), after client authentication and before Spring's endpoint: {@code 401
 * invalid_client} without a client, {@code 400 invalid_request} or {@code unsupported_response_type} otherwise.
 */
final class PushesNeedAClient extends OncePerRequestFilter {

    private static final RequestMatcher PAR_ENDPOINT = PathPatternRequestMatcher.withDefaults().matcher("/oauth2/par");

    private final HttpMessageConverter<OAuth2Error> errors = new OAuth2ErrorHttpMessageConverter();

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !PAR_ENDPOINT.matches(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        if (!(caller instanceof OAuth2ClientAuthenticationToken client && client.isAuthenticated())) {
            refuse(response, HttpStatus.UNAUTHORIZED, OAuth2ErrorCodes.INVALID_CLIENT,
                    "Only an authenticated client pushes requests.");
            return;
        }
        String[] responseTypes = request.getParameterValues("response_type");
        if (responseTypes == null || responseTypes.length != 1) {
            refuse(response, HttpStatus.BAD_REQUEST, OAuth2ErrorCodes.INVALID_REQUEST, "One response_type is required.");
            return;
        }
        if (!"code".equals(responseTypes[0])) {
            refuse(response, HttpStatus.BAD_REQUEST, OAuth2ErrorCodes.UNSUPPORTED_RESPONSE_TYPE,
                    "Only the authorization code flow is supported.");
            return;
        }
        chain.doFilter(request, response);
    }

    private void refuse(HttpServletResponse response, HttpStatus status, String code, String description)
            throws IOException {
        ServletServerHttpResponse answer = new ServletServerHttpResponse(response);
        answer.setStatusCode(status);
        errors.write(new OAuth2Error(code, description, null), null, answer);
    }
}
