package org.roost.authorization.signin;

import java.io.IOException;
import java.time.Clock;
import java.util.Map;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.jspecify.annotations.Nullable;
import org.roost.authorization.signinsession.SignInSessions;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.platform.web.HtmlPages;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The sign-in form's second step for an account with two-factor sign-in on: a code from the authenticator app or a
 * recovery code completes the step token that the password earned, with the same checks, throttle and audit as the
 * API's {@code /auth/token/second-factor}. A step token that is spent or expired sends the person back to the form.
 */
@Controller
class SecondStepPage {

    static final String PATH = "/signin/code";

    private final SecondFactors secondFactors;
    private final ApplicationEventPublisher events;
    private final AuthenticationSuccessHandler success;
    private final HtmlPages pages;

    SecondStepPage(SecondFactors secondFactors, ApplicationEventPublisher events, Clock clock, HtmlPages pages) {
        this.pages = pages;
        this.secondFactors = secondFactors;
        this.events = events;
        this.success = SignInSessions.recordingSuccessHandler(clock);
    }

    @GetMapping(path = PATH, produces = MediaType.TEXT_HTML_VALUE)
    void form(HttpServletRequest request, HttpServletResponse response, CsrfToken csrf) throws IOException {
        if (stepToken(request) == null) {
            response.sendRedirect(SignInSessions.SIGN_IN_PAGE);
            return;
        }
        write(response, 200, page(csrf, null));
    }

    @PostMapping(path = PATH, produces = MediaType.TEXT_HTML_VALUE)
    void complete(HttpServletRequest request, HttpServletResponse response, CsrfToken csrf,
            @RequestParam(defaultValue = "") String code) throws IOException, ServletException {
        String step = stepToken(request);
        if (step == null) {
            response.sendRedirect(SignInSessions.SIGN_IN_PAGE + "?expired");
            return;
        }
        if (code.isBlank() || code.length() > 32) {
            write(response, 400, page(csrf, "Enter the 6-digit code from your authenticator app, or a recovery code."));
            return;
        }
        SecondFactors.Completed done;
        try {
            done = secondFactors.complete(step, code);
        }
        catch (ApiException refused) {
            if (refused.code() == ErrorCode.RATE_LIMITED) {
                write(response, 429, page(csrf, "Too many wrong codes. Wait a few minutes, then try again."));
                return;
            }
            if (refused.details().stream().anyMatch(violation -> "step_token".equals(violation.field()))) {
                request.getSession().removeAttribute(SignInFailures.STEP_TOKEN);
                response.sendRedirect(SignInSessions.SIGN_IN_PAGE + "?expired");
                return;
            }
            write(response, 400, page(csrf, "That code is not right, or it was already used. Enter the current "
                    + "code from your authenticator app, or an unused recovery code."));
            return;
        }
        request.getSession().removeAttribute(SignInFailures.STEP_TOKEN);
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED, done.userId()));
        Authentication signedIn = SignInAuthenticationProvider.signedIn(done.userId(),
                new WebAuthenticationDetails(request), firstFactor(request), FactorGrantedAuthority.OTT_AUTHORITY);
        // A new session id at the moment of sign-in, as the form login does (session fixation).
        request.changeSessionId();
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(signedIn);
        SecurityContextHolder.setContext(context);
        SignInSessions.contexts().saveContext(context, request, response);
        success.onAuthenticationSuccess(request, response, signedIn);
    }

    /** The password, unless the step began with another provider's sign-in ({@link ProviderSignInPage}). */
    private static String firstFactor(HttpServletRequest request) {
        Object first = request.getSession().getAttribute(ProviderSignInPage.FIRST_FACTOR);
        request.getSession().removeAttribute(ProviderSignInPage.FIRST_FACTOR);
        return first instanceof String factor ? factor : FactorGrantedAuthority.PASSWORD_AUTHORITY;
    }

    private static @Nullable String stepToken(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session != null && session.getAttribute(SignInFailures.STEP_TOKEN) instanceof String step ? step : null;
    }

    private String page(CsrfToken csrf, @Nullable String error) {
        return pages.render("signin/second-step", HtmlPages.Header.SIGN_UP, "Two-factor sign-in", Map.of(
                "error", HtmlPages.optional(error), "action", PATH, "signInPage", SignInSessions.SIGN_IN_PAGE,
                "csrfParameter", csrf.getParameterName(), "csrfToken", csrf.getToken()));
    }

    private static void write(HttpServletResponse response, int status, String html) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.TEXT_HTML_VALUE + ";charset=UTF-8");
        response.getWriter().write(html);
    }
}
