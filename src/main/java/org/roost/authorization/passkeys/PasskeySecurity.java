package org.roost.authorization.passkeys;

import java.time.Clock;
import java.util.Map;

import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.identity.session.SessionSignIn;
import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.stepup.Reauthentication;
import org.roost.identity.user.UserRepresentation;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.web.ErrorResponses;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.webauthn.authentication.PublicKeyCredentialRequestOptionsFilter;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationFilter;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Adds Spring Security's {@code webAuthn()} to a security chain. On the API chain (the web app): registering a
 * passkey while signed in, and signing in with one, which answers like {@code POST /login} and makes the same session.
 */
@Component
public class PasskeySecurity {

    /** Anyone may ask to sign in with a passkey; the chain applying {@link #configureApi} matches {@code /webauthn/**} too. */
    public static final String[] SIGN_IN_PATHS = { "/webauthn/authenticate/options", "/login/webauthn" };
    /** Where the OAuth sign-in page posts a passkey's answer, and where it asks for the options first. */
    public static final String SIGN_IN_PAGE_PATH = "/signin/passkey";
    public static final String SIGN_IN_PAGE_OPTIONS_PATH = "/signin/passkey/options";
    static final String NOT_VERIFIED = "This passkey did not verify you (no PIN, fingerprint or face), and this account "
            + "has two-factor sign-in on: sign in with your password and a code, or with a passkey that verifies you.";
    static final String NOT_ACCEPTED = "The passkey was not accepted: it is not registered here, or could not be verified.";

    private final PasskeyProperties properties;
    private final PasskeyRelyingParty rp;
    private final UserService users;
    private final SessionSignIn signIn;
    private final ErrorResponses errors;
    private final RateLimitProperties limits;
    private final RateLimitBuckets buckets;
    private final ApplicationEventPublisher events;
    private final JsonMapper json;
    private final Reauthentication reauthentication;
    private final PasskeyOrigins origins;

    PasskeySecurity(PasskeyProperties properties, PasskeyOrigins origins, PasskeyRelyingParty rp, UserService users, SessionSignIn signIn,
            ErrorResponses errors, RateLimitProperties limits, RateLimitBuckets buckets, ApplicationEventPublisher events,
            JsonMapper json, Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.origins = origins;
        this.properties = properties;
        this.rp = rp;
        this.users = users;
        this.signIn = signIn;
        this.errors = errors;
        this.limits = limits;
        this.buckets = buckets;
        this.events = events;
        this.json = json;
    }

    /** On the API chain, which must match {@code /webauthn/**} and {@code /login/webauthn}. */
    public void configureApi(HttpSecurity http) throws Exception {
        http.setSharedObject(UserDetailsService.class, userDetails());
        http.webAuthn(webAuthn -> webAuthn.rpId(properties.rpId()).rpName(properties.rpName())
                        .allowedOrigins(origins).disableDefaultRegistrationPage(true)
                        .withObjectPostProcessor(new ObjectPostProcessor<WebAuthnAuthenticationFilter>() {
                            @Override
                            public <O extends WebAuthnAuthenticationFilter> O postProcess(O filter) {
                                // The session is made by the success handler, as for a password sign-in.
                                filter.setSecurityContextRepository(new RequestAttributeSecurityContextRepository());
                                filter.setAuthenticationSuccessHandler((request, response, authentication) -> {
                                    UserSummary user = user(authentication.getPrincipal());
                                    events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED,
                                            user.id(), "method", "passkey"));
                                    // a passkey that did not verify its user is no re-authentication
                                    UserRepresentation body = signIn.establish(user, false,
                                            VerifiedUserEntity.userVerified(authentication.getPrincipal()), request, response);
                                    response.setStatus(200);
                                    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                                    json.writeValue(response.getOutputStream(), body);
                                });
                                filter.setAuthenticationFailureHandler(failureHandler());
                                return filter;
                            }
                        }))
                .addFilterAfter(new PasskeyEndpoints(limits, buckets, errors, reauthentication), SecurityContextHolderFilter.class);
    }

    /**
     * On the OAuth sign-in page's chain, which matches {@value #SIGN_IN_PAGE_OPTIONS_PATH} and
     * {@value #SIGN_IN_PAGE_PATH} (they are pages of the sign-in session, see {@link PasskeySignInPages}): the page's
     * script asks for options and posts the passkey's answer there, both in the sign-in session; the person is then
     * signed in to the authorization server, as by the form.
     */
    public void configureSignInPage(HttpSecurity http, Clock clock) {
        PublicKeyCredentialRequestOptionsFilter options = new PublicKeyCredentialRequestOptionsFilter(rp);
        options.setRequestMatcher(PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, SIGN_IN_PAGE_OPTIONS_PATH));
        http.addFilterBefore(options, UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(new PasskeySignInPage(rp, userDetails(), users, events, clock, failureHandler(), json).filter(),
                        UsernamePasswordAuthenticationFilter.class);
    }

    /**
     * Refusals in the contract's body, and audited: which passkey was offered tells nobody anything. The framework's
     * provider turns every exception of the ceremony into "bad credentials", a database failure looking up the
     * passkey or its user included: that one is no refusal but {@code 503} (the person may try again shortly), and
     * no failed sign-in is recorded.
     */
    AuthenticationFailureHandler failureHandler() {
        return (request, response, failure) -> {
            if (DependencyFailures.isUnavailable(failure)) {
                errors.unavailable(request, response, failure);
                return;
            }
            events.publishEvent(new SecurityEvent(SecurityEvent.Kind.LOGIN_FAILED, null, null, Map.of("method", "passkey")));
            errors.write(request, response, ErrorCode.INVALID_CREDENTIALS,
                    failure.getCause() instanceof PasskeyRelyingParty.UserNotVerified ? NOT_VERIFIED : NOT_ACCEPTED);
        };
    }

    /** The framework loads the user named by the passkey's user entity: the Roost username. */
    private UserDetailsService userDetails() {
        return username -> users.findByUsername(username)
                .map(user -> User.withUsername(user.username()).password("").authorities("ROLE_USER").build())
                .orElseThrow(() -> new UsernameNotFoundException("no such user"));
    }

    private UserSummary user(Object principal) {
        String username = principal instanceof PublicKeyCredentialUserEntity entity ? entity.getName() : "";
        return users.findByUsername(username).orElseThrow(() -> new BadCredentialsException("no such user"));
    }
}
