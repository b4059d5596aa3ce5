package org.roost.authorization.signinsession;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.identity.revocation.CredentialRevocations;
import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.util.StringUtils;
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

    /**
     * The CSRF check of the forms the pages post to protocol endpoints: the consent form (a POST to the authorization
     * endpoint without {@code response_type}) and those the extensions name. Spring's authorization server configurer
     * exempts all its endpoints from CSRF, as machine-to-machine endpoints, which left a person's "Allow" forgeable by
     * any site: the answer would be granted to whichever client the forged form named. This is Spring's CsrfFilter
     * with the pages' own token store (the sign-in session), under a name of its own so that the configurer's filter
     * (the same class) does not count as having run it. A request without the token answers 403.
     */
    public static CsrfFilter formCsrf(List<RequestMatcher> extensionPosts) {
        RequestMatcher authorize = PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, "/oauth2/authorize");
        RequestMatcher consent = request -> authorize.matches(request)
                && !StringUtils.hasText(request.getParameter("response_type"));
        List<RequestMatcher> posts = new ArrayList<>(extensionPosts);
        posts.add(consent);
        CsrfFilter filter = new CsrfFilter(new HttpSessionCsrfTokenRepository());
        filter.setRequireCsrfProtectionMatcher(new OrRequestMatcher(posts));
        filter.setBeanName("signInPagesFormCsrfFilter");
        return filter;
    }

}
