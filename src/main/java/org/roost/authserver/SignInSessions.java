package org.roost.authserver;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.revocation.CredentialRevocations;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A sign-in session ends, like every other credential, when its user changes their password or is
 * deleted: the moment of sign-in is kept in the session and compared with the user's revocations.
 */
final class SignInSessions {

    private static final String SIGNED_IN_AT = SignInSessions.class.getName() + ".SIGNED_IN_AT";

    private SignInSessions() {
    }

    static AuthenticationSuccessHandler recordingSuccessHandler(Clock clock) {
        SavedRequestAwareAuthenticationSuccessHandler delegate = new SavedRequestAwareAuthenticationSuccessHandler();
        delegate.setDefaultTargetUrl("/signin");
        return (request, response, authentication) -> {
            request.getSession().setAttribute(SIGNED_IN_AT, clock.instant());
            delegate.onAuthenticationSuccess(request, response, authentication);
        };
    }

    static OncePerRequestFilter revocationFilter(CredentialRevocations revocations) {
        return new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
                HttpSession session = request.getSession(false);
                if (authentication != null && session != null && session.getAttribute(SIGNED_IN_AT) instanceof Instant at
                        && isRevoked(authentication.getName(), at, revocations)) {
                    session.invalidate();
                    SecurityContextHolder.clearContext();
                }
                chain.doFilter(request, response);
            }
        };
    }

    private static boolean isRevoked(String name, Instant signedInAt, CredentialRevocations revocations) {
        try {
            return revocations.isRevoked(Long.parseLong(name), signedInAt);
        }
        catch (NumberFormatException notAUser) {
            return false;
        }
    }
}
