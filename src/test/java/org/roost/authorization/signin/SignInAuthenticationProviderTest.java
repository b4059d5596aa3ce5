package org.roost.authorization.signin;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.roost.identity.login.PasswordLogins;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.identity.user.UserSummary;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

/**
 * What the sign-in form promises (the OAuth sign-in page): the same password check and throttle as the JSON logins,
 * the user's id as the principal's name (the tokens' {@code sub}), the password factor recorded, and each refusal
 * told apart only as far as the person may know. The pages themselves are covered end to end by
 * AuthorizationRoundTripContract and TwoFactorSignInPageTest.
 */
class SignInAuthenticationProviderTest {

    private final PasswordLogins logins = mock(PasswordLogins.class);
    private final SignInAuthenticationProvider provider = new SignInAuthenticationProvider(logins);

    @Test
    void signsInAsTheUsersIdWithThePasswordFactorFromTheCallersAddress() {
        // given
        when(logins.authenticate("ada", "right password", "203.0.113.9")).thenReturn(user(42));

        // when
        Authentication result = provider.authenticate(form("ada", "right password", "203.0.113.9"));

        // then
        assertThat(result.isAuthenticated()).isTrue();
        assertThat(result.getName()).isEqualTo("42");
        assertThat(result.getAuthorities()).extracting(GrantedAuthority::getAuthority)
                .contains("ROLE_USER", FactorGrantedAuthority.PASSWORD_AUTHORITY);
        assertThat(result.getCredentials()).isNull();
    }

    @Test
    void refusesAWrongPasswordAsBadCredentials() {
        when(logins.authenticate(anyString(), anyString(), anyString()))
                .thenThrow(new ApiException(ErrorCode.INVALID_CREDENTIALS, "no"));

        assertThatThrownBy(() -> provider.authenticate(form("ada", "wrong", "203.0.113.9")))
                .isInstanceOf(BadCredentialsException.class);
    }

    @Test
    void saysWhenTheThrottleHoldsTheAccount() {
        when(logins.authenticate(anyString(), anyString(), anyString()))
                .thenThrow(new ApiException(ErrorCode.RATE_LIMITED, "later"));

        assertThatThrownBy(() -> provider.authenticate(form("ada", "guess", "203.0.113.9")))
                .isInstanceOf(LockedException.class).hasMessageContaining("try again later");
    }

    @Test
    void sendsARightPasswordWithTwoFactorOnToTheCodeStepWithItsToken() {
        when(logins.authenticate(anyString(), anyString(), anyString()))
                .thenThrow(new SecondFactorRequired("step-token-1", Duration.ofMinutes(5)));

        assertThatThrownBy(() -> provider.authenticate(form("ada", "right password", "203.0.113.9")))
                .isInstanceOfSatisfying(SecondFactorPending.class,
                        pending -> assertThat(pending.stepToken()).isEqualTo("step-token-1"));
    }

    @Test
    void refusesOversizedInputWithoutHashingIt() {
        // a 257-character password would cost a full Argon2 hash per attempt if it reached the check
        assertThatThrownBy(() -> provider.authenticate(form("ada", "x".repeat(257), "203.0.113.9")))
                .isInstanceOf(BadCredentialsException.class);
        assertThatThrownBy(() -> provider.authenticate(form("u".repeat(257), "pw", "203.0.113.9")))
                .isInstanceOf(BadCredentialsException.class);
        verifyNoInteractions(logins);
    }

    @Test
    void supportsOnlyTheFormsUsernameAndPassword() {
        assertThat(provider.supports(UsernamePasswordAuthenticationToken.class)).isTrue();
        assertThat(provider.supports(Authentication.class)).isFalse();
    }

    private static UsernamePasswordAuthenticationToken form(String username, String password, String address) {
        var token = UsernamePasswordAuthenticationToken.unauthenticated(username, password);
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setRemoteAddr(address);
        token.setDetails(new WebAuthenticationDetails(request));
        return token;
    }

    private static UserSummary user(long id) {
        return new UserSummary(id, "ada", "Ada", Instant.EPOCH, Instant.EPOCH, false, null);
    }
}
