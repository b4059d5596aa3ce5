package org.roost.authorization.signin;

import java.io.IOException;
import java.time.Clock;
import java.util.OptionalLong;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.authorization.signinsession.SignInSessions;
import org.roost.identity.federation.ProviderSignIns;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * Where a sign-in with another provider that began on the sign-in form ends (package federation hands the user over
 * in the sign-in session): the same sign-in session as the form's, its factor the provider's authorization code, so
 * that the pending authorization request resumes; an account with two-factor sign-in on goes to the code page first.
 */
@Controller
class ProviderSignInPage {

    static final String PATH = ProviderSignIns.CONTINUE_PATH;
    /** The factor a second step completes, when it was not the password. */
    static final String FIRST_FACTOR = ProviderSignInPage.class.getName() + ".FIRST_FACTOR";

    private final ProviderSignIns handOvers;
    private final SecondFactors secondFactors;
    private final ApplicationEventPublisher events;
    private final AuthenticationSuccessHandler success;

    ProviderSignInPage(ProviderSignIns handOvers, SecondFactors secondFactors, ApplicationEventPublisher events,
            Clock clock) {
        this.handOvers = handOvers;
        this.secondFactors = secondFactors;
        this.events = events;
        this.success = SignInSessions.recordingSuccessHandler(clock);
    }

    @GetMapping(PATH)
    void complete(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        OptionalLong user = handOvers.take(request.getSession());
        if (user.isEmpty()) {
            response.sendRedirect(SignInSessions.SIGN_IN_PAGE + "?expired");
            return;
        }
        long userId = user.getAsLong();
        try {
            secondFactors.requireIfEnabled(userId);
        }
        catch (SecondFactorRequired due) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SECOND_FACTOR_REQUIRED, userId, "with", "provider"));
            request.getSession().setAttribute(SignInFailures.STEP_TOKEN, due.step().stepToken());
            request.getSession().setAttribute(FIRST_FACTOR, FactorGrantedAuthority.AUTHORIZATION_CODE_AUTHORITY);
            response.sendRedirect(SecondStepPage.PATH);
            return;
        }
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED, userId, "with", "provider"));
        Authentication signedIn = SignInAuthenticationProvider.signedIn(userId, new WebAuthenticationDetails(request),
                FactorGrantedAuthority.AUTHORIZATION_CODE_AUTHORITY);
        // A new session id at the moment of sign-in, as the form login does (session fixation).
        request.changeSessionId();
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(signedIn);
        SecurityContextHolder.setContext(context);
        SignInSessions.contexts().saveContext(context, request, response);
        success.onAuthenticationSuccess(request, response, signedIn);
    }
}
