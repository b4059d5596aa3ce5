package org.roost.authorization.signin;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.roost.identity.login.PasswordLogins;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.identity.user.UserSummary;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Checks the sign-in form with the same password check and throttle as the JSON logins. The
 * principal's name is the user's id, so that it becomes the {@code sub} of the tokens; Spring's
 * own {@link User} type is used because the authorization server stores it as JSON, which only
 * admits known types.
 */
final class SignInAuthenticationProvider implements AuthenticationProvider {

    private final PasswordLogins logins;

    SignInAuthenticationProvider(PasswordLogins logins) {
        this.logins = logins;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String username = authentication.getName();
        Object credentials = authentication.getCredentials();
        String password = credentials == null ? "" : credentials.toString();
        String address = authentication.getDetails() instanceof WebAuthenticationDetails details
                && details.getRemoteAddress() != null ? details.getRemoteAddress() : "unknown";
        if (username.length() > 256 || password.length() > 256) {
            throw new BadCredentialsException("Bad credentials");
        }
        UserSummary user;
        try {
            user = logins.authenticate(username, password, address);
        }
        catch (SecondFactorRequired due) {
            throw new SecondFactorPending(due.step().stepToken());
        }
        catch (ApiException refused) {
            throw switch (refused.code()) {
                case RATE_LIMITED -> new LockedException("Too many failed sign-ins; try again later.");
                default -> new BadCredentialsException("Bad credentials");
            };
        }
        return signedIn(user.id(), authentication.getDetails(), FactorGrantedAuthority.PASSWORD_AUTHORITY);
    }

    /**
     * The signed-in person as the authorization server stores it, with the factors they proved: each factor, with its
     * time, is what the ID token's {@code amr} and {@code auth_time} come from.
     */
    static Authentication signedIn(long userId, @Nullable Object details, String... factors) {
        SimpleGrantedAuthority role = new SimpleGrantedAuthority("ROLE_USER");
        User principal = new User(Long.toString(userId), "", List.of(role));
        List<GrantedAuthority> granted = new ArrayList<>(List.of(role));
        for (String factor : factors) {
            granted.add(FactorGrantedAuthority.fromAuthority(factor));
        }
        var result = UsernamePasswordAuthenticationToken.authenticated(principal, null, granted);
        result.setDetails(details);
        return result;
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
