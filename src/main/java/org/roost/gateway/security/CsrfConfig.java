package org.roost.gateway.security;

import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.identity.session.SessionUser;
import org.roost.platform.web.RequestPaths;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The double-submit pattern for cookie-authenticated writes: the {@code XSRF-TOKEN} cookie's value
 * echoed in {@code X-XSRF-TOKEN}. Only writes that a live session authenticates need it: a
 * cross-site attacker can make a browser send cookies, never an Authorization header.
 */
@Configuration(proxyBeanMethods = false)
class CsrfConfig {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    @Bean
    CookieCsrfTokenRepository csrfTokenRepository() {
        CookieCsrfTokenRepository repository = CookieCsrfTokenRepository.withHttpOnlyFalse();
        repository.setCookieCustomizer(cookie -> cookie.secure(true).sameSite("Strict").path("/"));
        return repository;
    }

    /** @param credentialEndpoints where a {@code POST} establishes a credential rather than uses one (contributed) */
    static RequestMatcher requiresCsrf(Set<String> credentialEndpoints) {
        return request -> !SAFE_METHODS.contains(request.getMethod())
                && !isCredentialEndpoint(request, credentialEndpoints)
                && !hasBearer(request)
                && isSessionAuthenticated();
    }

    static boolean isSessionAuthenticated() {
        var authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof SessionUser;
    }

    private static boolean isCredentialEndpoint(HttpServletRequest request, Set<String> credentialEndpoints) {
        return "POST".equals(request.getMethod()) && credentialEndpoints.contains(RequestPaths.of(request));
    }

    static boolean hasBearer(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        return authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7);
    }
}
