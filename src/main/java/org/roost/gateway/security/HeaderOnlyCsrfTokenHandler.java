package org.roost.gateway.security;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;

/**
 * The API reads the CSRF token from its header only: Spring's default also takes a {@code _csrf}
 * request parameter, which a cross-site form could carry in a URL or body alongside the cookie.
 */
final class HeaderOnlyCsrfTokenHandler extends CsrfTokenRequestAttributeHandler {

    @Override
    public @Nullable String resolveCsrfTokenValue(HttpServletRequest request, CsrfToken csrfToken) {
        return request.getHeader(csrfToken.getHeaderName());
    }
}
