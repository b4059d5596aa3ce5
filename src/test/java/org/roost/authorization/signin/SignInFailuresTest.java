package org.roost.authorization.signin;

import org.junit.jupiter.api.Test;
import org.roost.authorization.signinsession.SignInSessions;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.BadCredentialsException;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a refused sign-in form goes; the step token of a pending second factor never appears in a URL. */
class SignInFailuresTest {

    private final SignInFailures failures = new SignInFailures();

    @Test
    void keepsTheStepTokenInTheSessionAndSendsThePersonToTheCodePage() throws Exception {
        // given
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/signin");
        MockHttpServletResponse response = new MockHttpServletResponse();

        // when
        failures.onAuthenticationFailure(request, response, new SecondFactorPending("secret-step-token"));

        // then
        assertThat(response.getRedirectedUrl()).isEqualTo(SecondStepPage.PATH).doesNotContain("secret-step-token");
        assertThat(request.getSession(false)).isNotNull();
        assertThat(request.getSession(false).getAttribute(SignInFailures.STEP_TOKEN)).isEqualTo("secret-step-token");
    }

    @Test
    void sendsAnyOtherRefusalBackToTheFormWithAnErrorAndNoSession() throws Exception {
        // given
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/signin");
        MockHttpServletResponse response = new MockHttpServletResponse();

        // when
        failures.onAuthenticationFailure(request, response, new BadCredentialsException("Bad credentials"));

        // then
        assertThat(response.getRedirectedUrl()).isEqualTo(SignInSessions.SIGN_IN_PAGE + "?error");
        assertThat(request.getSession(false)).isNull();
    }
}
