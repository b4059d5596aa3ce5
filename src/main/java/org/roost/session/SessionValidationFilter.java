package org.roost.session;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.revocation.CredentialRevocations;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Ends a session that outlived its absolute lifetime, or whose user has since been deleted or
 * changed their password. Runs before CSRF checks, so such a request is simply unauthenticated.
 */
public final class SessionValidationFilter extends OncePerRequestFilter {

    private final CredentialRevocations revocations;
    private final SessionProperties properties;
    private final Clock clock;

    public SessionValidationFilter(CredentialRevocations revocations, SessionProperties properties, Clock clock) {
        this.revocations = revocations;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        var authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof SessionUser user) {
            HttpSession session = request.getSession(false);
            Instant now = clock.instant();
            boolean tooOld = user.authenticatedAt().plus(properties.absoluteTimeout()).isBefore(now);
            if (session == null || tooOld || revocations.isRevoked(user.id(), user.authenticatedAt())) {
                if (session != null) {
                    session.invalidate();
                }
                SecurityContextHolder.clearContext();
            }
        }
        chain.doFilter(request, response);
    }
}
