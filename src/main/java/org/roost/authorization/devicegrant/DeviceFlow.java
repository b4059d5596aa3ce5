package org.roost.authorization.devicegrant;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceCodeAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceVerificationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.stereotype.Component;

/**
 * Spring's device authorization endpoint ({@code POST /oauth2/device_authorization}) and device verification
 * endpoint ({@code /oauth2/device_verification}), with Roost's pages in front: the {@code verification_uri} is
 * {@value #PAGE}, where a signed-in person enters the code, and every device authorization is shown on
 * {@value #CONSENT_PAGE} before it is granted, whatever the client's consent setting: the person typed a code a
 * screen showed them, and must see which app they are letting in (device-code phishing). Public clients (no
 * secret) may use the grant ({@link DeviceClients}); polling faster than the interval answers {@code slow_down}
 * ({@link PollingPace}); the answer on the consent page holds for that device alone ({@link DeviceConsent}).
 */
@Component
class DeviceFlow implements AuthorizationServerExtension {

    static final String PAGE = "/device";
    static final String CONSENT_PAGE = "/device/consent";
    static final String VERIFICATION_ENDPOINT = "/oauth2/device_verification";

    private final RegisteredClientRepository clients;
    private final OAuth2AuthorizationService authorizations;
    private final ApplicationEventPublisher events;
    private final PollingPace pace;

    DeviceFlow(RegisteredClientRepository clients, OAuth2AuthorizationService authorizations,
            ApplicationEventPublisher events, PollingPace pace) {
        this.clients = clients;
        this.authorizations = authorizations;
        this.events = events;
        this.pace = pace;
    }

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        server.deviceAuthorizationEndpoint(device -> device.verificationUri(PAGE)
                .deviceAuthorizationResponseHandler(new DeviceAuthorizationResponse(events)));
        server.deviceVerificationEndpoint(verification -> verification.consentPage(CONSENT_PAGE)
                .authenticationProviders(providers -> providers.replaceAll(provider -> {
                    if (provider instanceof OAuth2DeviceVerificationAuthenticationProvider verify) {
                        verify.setAuthorizationConsentRequired(context -> true);
                    }
                    return provider instanceof OAuth2DeviceAuthorizationConsentAuthenticationProvider consent
                            ? DeviceConsent.answeringFor(consent, authorizations) : provider;
                }))
                .deviceVerificationResponseHandler((request, response, authentication) -> {
                    events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.DEVICE_AUTHORIZATION_ANSWERED,
                            authentication.getName(), "answer", "allowed"));
                    response.sendRedirect(PAGE + "?answer=allowed");
                })
                .errorResponseHandler((request, response, failure) -> {
                    boolean denied = failure instanceof OAuth2AuthenticationException oauth
                            && OAuth2ErrorCodes.ACCESS_DENIED.equals(oauth.getError().getErrorCode());
                    if (denied && request.getUserPrincipal() != null) {
                        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.DEVICE_AUTHORIZATION_ANSWERED,
                                request.getUserPrincipal().getName(), "answer", "denied"));
                    }
                    response.sendRedirect(PAGE + "?answer=" + (denied ? "denied" : "invalid"));
                }));
        server.clientAuthentication(clientAuthentication -> clientAuthentication
                .authenticationConverter(new DeviceClients.Converter())
                .authenticationProvider(new DeviceClients.Provider(clients)));
        // A person sent to the verification endpoint without a sign-in is sent to the form, as at /oauth2/authorize
        http.exceptionHandling(exceptions -> exceptions.defaultAuthenticationEntryPointFor(
                new LoginUrlAuthenticationEntryPoint("/signin"),
                PathPatternRequestMatcher.withDefaults().matcher(VERIFICATION_ENDPOINT)));
    }

    @Override
    public void tokenProviders(List<AuthenticationProvider> providers) {
        providers.replaceAll(provider -> provider instanceof OAuth2DeviceCodeAuthenticationProvider polls
                ? pace.pacing(polls, authorizations) : provider);
    }

    /** The code form and the consent form both post to the verification endpoint. */
    @Override
    public List<RequestMatcher> formPosts() {
        return List.of(PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, VERIFICATION_ENDPOINT));
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        metadata.put("device_authorization_endpoint", issuer + "/oauth2/device_authorization");
        AuthorizationServerExtension.addTo(metadata, "grant_types_supported", AuthorizationGrantType.DEVICE_CODE.getValue());
    }

    @Override
    public Set<String> pages() {
        return Set.of(PAGE, CONSENT_PAGE);
    }
}
