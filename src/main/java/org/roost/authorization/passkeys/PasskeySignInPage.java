package org.roost.authorization.passkeys;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.roost.authorization.signinsession.SignInSessions;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.session.ChangeSessionIdAuthenticationStrategy;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationFilter;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationProvider;
import tools.jackson.databind.json.JsonMapper;

/**
 * The framework's WebAuthn sign-in filter on the OAuth sign-in page's chain. The person it proves is named as the
 * form's sign-in names them (a {@link User} whose name is the user id: the tokens' {@code sub}), with the framework's
 * WebAuthn factor, so the ID token says {@code amr: ["hwk"]}. The answer is JSON for the page's script: where to go on.
 */
final class PasskeySignInPage {

    private final PasskeyRelyingParty rp;
    private final UserDetailsService userDetails;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final AuthenticationFailureHandler failures;
    private final JsonMapper json;

    PasskeySignInPage(PasskeyRelyingParty rp, UserDetailsService userDetails, UserService users,
            ApplicationEventPublisher events, Clock clock, AuthenticationFailureHandler failures, JsonMapper json) {
        this.json = json;
        this.rp = rp;
        this.userDetails = userDetails;
        this.users = users;
        this.events = events;
        this.clock = clock;
        this.failures = failures;
    }

    WebAuthnAuthenticationFilter filter() {
        WebAuthnAuthenticationFilter filter = new WebAuthnAuthenticationFilter();
        filter.setRequiresAuthenticationRequestMatcher(
                PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, PasskeySecurity.SIGN_IN_PAGE_PATH));
        filter.setAuthenticationManager(new ProviderManager(asSignInPageUser(new WebAuthnAuthenticationProvider(rp, userDetails))));
        filter.setSecurityContextRepository(SignInSessions.contexts());
        // As the form's sign-in does: the session id changes, so one planted before is worthless
        filter.setSessionAuthenticationStrategy(new ChangeSessionIdAuthenticationStrategy());
        filter.setAuthenticationFailureHandler(failures);
        HttpSessionRequestCache requests = new HttpSessionRequestCache();
        filter.setAuthenticationSuccessHandler((request, response, authentication) -> {
            SignInSessions.recordSignIn(request, clock);
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED, authentication.getName(),
                    "method", "passkey"));
            SavedRequest saved = requests.getRequest(request, response);
            String next = saved == null ? SignInSessions.SIGN_IN_PAGE : saved.getRedirectUrl();
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            json.writeValue(response.getOutputStream(), Map.of("redirect_url", next));
        });
        return filter;
    }

    private AuthenticationProvider asSignInPageUser(WebAuthnAuthenticationProvider framework) {
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                Authentication proven = framework.authenticate(authentication);
                String username = proven.getPrincipal() instanceof PublicKeyCredentialUserEntity entity ? entity.getName() : "";
                UserSummary user = users.findByUsername(username).orElseThrow(() -> new BadCredentialsException("no such user"));
                List<SimpleGrantedAuthority> roles = List.of(new SimpleGrantedAuthority("ROLE_USER"));
                List<GrantedAuthority> granted = List.of(roles.getFirst(),
                        FactorGrantedAuthority.fromAuthority(FactorGrantedAuthority.WEBAUTHN_AUTHORITY));
                return UsernamePasswordAuthenticationToken.authenticated(new User(Long.toString(user.id()), "", roles), null, granted);
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return framework.supports(authentication);
            }
        };
    }
}
