package org.roost.authorization.par;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.authorization.server.ExactRedirectUris;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2PushedAuthorizationRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2PushedAuthorizationRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.preauth.AbstractPreAuthenticatedProcessingFilter;
import org.springframework.stereotype.Component;

/**
 * Spring's pushed authorization request endpoint ({@code POST /oauth2/par}). A {@code request_uri} it hands out
 * names its client (the authorization endpoint refuses it for another), lives {@value #LIFETIME_SECONDS} seconds
 * and is used once (Spring removes it when the request completes); the request it stands for is checked like a
 * direct one (exact redirect URIs, PKCE). Clients marked so ({@link RequiredPushedRequests}) may send no other.
 * Public clients push with PKCE instead of a secret ({@link PublicClientPushes}).
 * Every push is audited; the endpoint shares the authorization server's rate limit.
 */
@Component
class PushedAuthorizationRequests implements AuthorizationServerExtension {

    /** Spring's fixed lifetime of a {@code request_uri}: RFC 9126 suggests 5 to 600 seconds. */
    static final int LIFETIME_SECONDS = 300;

    private final RegisteredClientRepository clients;
    private final ApplicationEventPublisher events;

    PushedAuthorizationRequests(RegisteredClientRepository clients, ApplicationEventPublisher events,
            ParProperties properties) {
        this.clients = clients;
        this.events = events;
        // Configured clients are stored afresh at every start (authserver), settings included: mark them again
        properties.requiredFor().forEach(this::requirePushedRequests);
    }

    private void requirePushedRequests(String clientId) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            throw new IllegalStateException("roost.oauth.par.required-for names no configured client: " + clientId);
        }
        if (!PushedRequestSettings.requires(client)) {
            clients.save(RegisteredClient.from(client).clientSettings(ClientSettings.withSettings(
                    client.getClientSettings().getSettings()).setting(PushedRequestSettings.REQUIRED, true).build()).build());
        }
    }

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        server.pushedAuthorizationRequestEndpoint(par -> par.authenticationProviders(providers -> providers.replaceAll(
                provider -> provider instanceof OAuth2PushedAuthorizationRequestAuthenticationProvider push
                        ? audited(push) : provider)));
        PublicClientPushes publicPushes = new PublicClientPushes(clients);
        server.clientAuthentication(authentication -> authentication.authenticationConverter(publicPushes)
                .authenticationProvider(publicPushes));
        http.addFilterBefore(new RequiredPushedRequests(clients), AbstractPreAuthenticatedProcessingFilter.class);
        http.addFilterBefore(new PushesNeedAClient(), AuthorizationFilter.class);
    }

    private AuthenticationProvider audited(OAuth2PushedAuthorizationRequestAuthenticationProvider push) {
        push.setAuthenticationValidator(ExactRedirectUris.validator());
        return new AuthenticationProvider() {
            @Override
            public @Nullable Authentication authenticate(Authentication authentication) {
                Authentication result = push.authenticate(authentication);
                if (result instanceof OAuth2PushedAuthorizationRequestAuthenticationToken pushed) {
                    events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.AUTHORIZATION_REQUEST_PUSHED,
                            pushed.getClientId(), null, "scopes", String.join(" ", pushed.getScopes())));
                }
                return result;
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return push.supports(authentication);
            }
        };
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        metadata.put("pushed_authorization_request_endpoint", issuer + "/oauth2/par");
        metadata.put("require_pushed_authorization_requests", false);
    }
}
