package org.roost.gateway.security;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import org.roost.platform.web.RequestPaths;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a path that percent-encodes an unreserved character (a letter, a digit, {@code -._~}; RFC 3986, 2.3) with
 * {@code 400 MALFORMED_REQUEST}, before any other filter decides anything by path. Such a spelling names the same
 * resource as the plain one (RFC 3986, 6.2.2.2), no browser or client library sends it, and it is how
 * {@code /%61pi/v1/...} once walked past filters that compared the raw URI. Spring Security's firewall already refuses
 * the encodings that change a path's shape ({@code %2f}, {@code %2e}, {@code %25}, {@code ;}); this refuses the rest
 * of the pointless ones, so one request has one spelling. Every decision still asks {@link RequestPaths} (the decoded
 * path), so this is the fast path, not the guard.
 */
@Component
@Order(FilterOrder.PATH_SPELLING)
class EncodedPathRefusal extends OncePerRequestFilter {

    private final ErrorResponses errors;

    EncodedPathRefusal(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // The raw spelling is this filter's question: the one place that reads it for a decision.
        if (encodesUnreserved(request.getRequestURI())) {
            errors.writeBeforeSecurity(request, response, ErrorCode.MALFORMED_REQUEST,
                    "The path percent-encodes a letter, digit or one of -._~: send it unencoded.");
            return;
        }
        chain.doFilter(request, response);
    }

    static boolean encodesUnreserved(String rawPath) {
        for (int i = rawPath.indexOf('%'); i >= 0 && i + 2 < rawPath.length(); i = rawPath.indexOf('%', i + 1)) {
            int high = Character.digit(rawPath.charAt(i + 1), 16);
            int low = Character.digit(rawPath.charAt(i + 2), 16);
            if (high >= 0 && low >= 0 && unreserved((char) (high * 16 + low))) {
                return true;
            }
        }
        return false;
    }

    private static boolean unreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
