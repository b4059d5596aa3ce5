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
import org.roost.limits.RateLimitBuckets;
import org.roost.limits.RateLimitProperties;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A sign-in session ends, like every other credential, when its user changes their password or is
 * deleted: the moment of sign-in is kept in the session and compared with the user's revocations.
 */
public final class SignInSessions {

    /** The sign-in form; Spring Security processes its POST. */
    public static final String SIGN_IN_PAGE = "/signin";
    /** The consent form, posted to the authorize endpoint. */
    public static final String CONSENT_PAGE = "/consent";
    /** The sign-in session's own cookie, apart from the web app's session cookie. */
    public static final String COOKIE_NAME = "ROOST_SIGNIN";
    private static final String CONTEXT_KEY = "ROOST_SIGNIN_SECURITY_CONTEXT";

    private static final String SIGNED_IN_AT = SignInSessions.class.getName() + ".SIGNED_IN_AT";

    private SignInSessions() {
    }

    public static AuthenticationSuccessHandler recordingSuccessHandler(Clock clock) {
        SavedRequestAwareAuthenticationSuccessHandler delegate = new SavedRequestAwareAuthenticationSuccessHandler();
        delegate.setDefaultTargetUrl(SIGN_IN_PAGE);
        return (request, response, authentication) -> {
            recordSignIn(request, clock);
            delegate.onAuthenticationSuccess(request, response, authentication);
        };
    }

    /** Notes the moment of a sign-in (whatever proved it), which a later password change or deletion ends. */
    public static void recordSignIn(HttpServletRequest request, Clock clock) {
        request.getSession().setAttribute(SIGNED_IN_AT, clock.instant());
    }

    public static OncePerRequestFilter revocationFilter(CredentialRevocations revocations) {
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

    /** Where the pages and the protocol endpoints keep the signed-in person: apart from the web app's session login. */
    public static HttpSessionSecurityContextRepository contexts() {
        HttpSessionSecurityContextRepository repository = new HttpSessionSecurityContextRepository();
        repository.setSpringSecurityContextKey(CONTEXT_KEY);
        return repository;
    }

    /** The per-address token buckets in front of every endpoint and page of the authorization server. */
    public static OncePerRequestFilter rateLimits(RateLimitProperties properties, RateLimitBuckets buckets) {
        return new ProtocolRateLimits(properties, buckets);
    }
}
