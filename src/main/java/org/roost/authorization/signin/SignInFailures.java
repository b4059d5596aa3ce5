package org.roost.authorization.signin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.roost.authorization.signinsession.SignInSessions;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * Where a refused sign-in form goes: back to the form with an error, or, when only the second factor is missing, to
 * the code page with the step token kept in the sign-in session (never in a URL, where logs and history would keep
 * it).
 */
final class SignInFailures implements AuthenticationFailureHandler {

    static final String STEP_TOKEN = SignInFailures.class.getName() + ".STEP_TOKEN";

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
            AuthenticationException exception) throws IOException {
        if (exception instanceof SecondFactorPending pending) {
            request.getSession().setAttribute(STEP_TOKEN, pending.stepToken());
            response.sendRedirect(SecondStepPage.PATH);
            return;
        }
        response.sendRedirect(SignInSessions.SIGN_IN_PAGE + "?error");
    }
}
