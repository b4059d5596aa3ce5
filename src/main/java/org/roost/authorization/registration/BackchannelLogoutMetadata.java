package org.roost.authorization.registration;

import java.util.function.Consumer;

import org.roost.authorization.backchannel.BackchannelLogoutSettings;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.oidc.OidcClientRegistration;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.oidc.converter.OidcClientRegistrationRegisteredClientConverter;
import org.springframework.security.oauth2.server.authorization.oidc.converter.RegisteredClientOidcClientRegistrationConverter;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;

/**
 * The registration metadata of OIDC Back-Channel Logout ({@code backchannel_logout_uri},
 * {@code backchannel_logout_session_required}), which Spring's converters leave out: kept in the client's settings
 * and given back when the registration is read. The URI follows the redirect URIs' rules ({@link RedirectUriRules}).
 */
final class BackchannelLogoutMetadata {

    static final String URI = "backchannel_logout_uri";
    static final String SESSION_REQUIRED = "backchannel_logout_session_required";

    private BackchannelLogoutMetadata() {
    }

    static Consumer<OidcClientRegistrationAuthenticationContext> validator() {
        return context -> {
            OidcClientRegistration registration = ((OidcClientRegistrationAuthenticationToken) context.getAuthentication())
                    .getClientRegistration();
            Object uri = registration.getClaims().get(URI);
            if (uri != null) {
                RedirectUriRules.problem(uri.toString()).ifPresent(problem -> {
                    throw new OAuth2AuthenticationException(new OAuth2Error("invalid_client_metadata",
                            URI + " " + problem, null));
                });
            }
        };
    }

    static Converter<OidcClientRegistration, RegisteredClient> toClient() {
        OidcClientRegistrationRegisteredClientConverter spring = new OidcClientRegistrationRegisteredClientConverter();
        return registration -> {
            RegisteredClient client = spring.convert(registration);
            Object uri = registration.getClaims().get(URI);
            if (uri == null) {
                return client;
            }
            boolean sessionRequired = Boolean.parseBoolean(String.valueOf(registration.getClaims().get(SESSION_REQUIRED)));
            return RegisteredClient.from(client).clientSettings(ClientSettings.withSettings(client.getClientSettings().getSettings())
                    .setting(BackchannelLogoutSettings.URI, uri.toString())
                    .setting(BackchannelLogoutSettings.SESSION_REQUIRED, sessionRequired).build()).build();
        };
    }

    static Converter<RegisteredClient, OidcClientRegistration> toRegistration() {
        RegisteredClientOidcClientRegistrationConverter spring = new RegisteredClientOidcClientRegistrationConverter();
        return client -> {
            OidcClientRegistration registration = spring.convert(client);
            Object uri = client.getClientSettings().getSetting(BackchannelLogoutSettings.URI);
            if (uri == null) {
                return registration;
            }
            return OidcClientRegistration.withClaims(registration.getClaims()).claim(URI, uri)
                    .claim(SESSION_REQUIRED, Boolean.TRUE.equals(client.getClientSettings()
                            .getSetting(BackchannelLogoutSettings.SESSION_REQUIRED))).build();
        };
    }
}
