package org.roost.authorization.registration;

import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.ClientOwners;
import org.roost.platform.outbound.OutboundRequests;
import org.roost.authorization.par.PushedRequestSettings;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.oidc.OidcClientRegistration;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;

/**
 * The rules a dynamic registration's metadata follows, beyond Spring's, each refusal RFC 7591's
 * {@code invalid_client_metadata} (or {@code invalid_redirect_uri}) with the rule in words, never a database error:
 * the grant types the {@link RegistrationPolicy} allows, only the {@code code} response type, a name by
 * {@link ClientNames}, post-logout redirect URIs by {@link RedirectUriRules}, URLs the service will request
 * ({@code jwks_uri}, {@code backchannel_logout_uri}) by {@link OutboundRequests}, and sizes that fit the store.
 * RFC 9126's {@code require_pushed_authorization_requests} is kept and honoured, and the registrar (the client whose
 * initial access token was used) is kept as the client's owner for the consent page.
 */
final class RegistrationMetadata {

    static final String REQUIRE_PAR = "require_pushed_authorization_requests";
    /** What the stored columns hold: every redirect URI together, and each URL kept in the settings. */
    static final int MAX_URIS_LENGTH = 1000;
    static final int MAX_SETTING_URI_LENGTH = 500;

    private RegistrationMetadata() {
    }

    static Consumer<OidcClientRegistrationAuthenticationContext> validator(RegistrationPolicy policy,
            OutboundRequests outbound) {
        return context -> {
            OidcClientRegistration registration = ((OidcClientRegistrationAuthenticationToken) context.getAuthentication())
                    .getClientRegistration();
            List<String> grants = registration.getGrantTypes() == null ? List.of() : registration.getGrantTypes();
            for (String grant : grants) {
                if (!policy.allows(grant)) {
                    throw invalid("grant_types may name only " + String.join(" ", policy.allowedGrantTypes().stream()
                            .filter(policy::allows).toList()) + ", not " + grant);
                }
            }
            List<String> responses = registration.getResponseTypes() == null ? List.of() : registration.getResponseTypes();
            if (responses.stream().anyMatch(type -> !"code".equals(type))) {
                throw invalid("response_types may name only code");
            }
            String name = registration.getClientName();
            if (name != null) {
                ClientNames.problem(name, policy.reservedNames()).ifPresent(problem -> {
                    throw invalid("client_name " + problem);
                });
            }
            sized("redirect_uris", registration.getRedirectUris());
            List<String> postLogout = registration.getPostLogoutRedirectUris();
            sized("post_logout_redirect_uris", postLogout);
            if (postLogout != null) {
                postLogout.forEach(uri -> RedirectUriRules.problem(uri).ifPresent(problem -> {
                    throw invalid("post_logout_redirect_uri " + problem);
                }));
            }
            fetched(outbound, "jwks_uri", registration.getJwkSetUrl() == null ? null : registration.getJwkSetUrl().toString());
            Object logout = registration.getClaims().get(BackchannelLogoutMetadata.URI);
            fetched(outbound, BackchannelLogoutMetadata.URI, logout == null ? null : logout.toString());
            Object requirePar = registration.getClaims().get(REQUIRE_PAR);
            if (requirePar != null && !(requirePar instanceof Boolean)) {
                throw invalid(REQUIRE_PAR + " must be true or false");
            }
        };
    }

    private static void sized(String member, @Nullable Collection<String> uris) {
        if (uris != null && String.join(",", uris).length() > MAX_URIS_LENGTH) {
            throw invalid(member + " must be at most " + MAX_URIS_LENGTH + " characters together");
        }
    }

    private static void fetched(OutboundRequests outbound, String member, @Nullable String uri) {
        if (uri == null) {
            return;
        }
        if (uri.length() > MAX_SETTING_URI_LENGTH) {
            throw invalid(member + " must be at most " + MAX_SETTING_URI_LENGTH + " characters");
        }
        outbound.problem(uri).ifPresent(problem -> {
            throw invalid(member + " " + problem);
        });
    }

    static OAuth2AuthenticationException invalid(String description) {
        return new OAuth2AuthenticationException(new OAuth2Error("invalid_client_metadata", description, null));
    }

    /** Keeps the PAR requirement and the registrar in the client's settings. */
    static Converter<OidcClientRegistration, RegisteredClient> toClient(
            Converter<OidcClientRegistration, RegisteredClient> next, Supplier<@Nullable String> registrars) {
        return registration -> {
            String registrar = registrars.get();
            RegisteredClient client = next.convert(registration);
            if (client == null) {
                return null;
            }
            ClientSettings.Builder settings = ClientSettings.withSettings(client.getClientSettings().getSettings());
            if (Boolean.TRUE.equals(registration.getClaims().get(REQUIRE_PAR))) {
                settings.setting(PushedRequestSettings.REQUIRED, true);
            }
            if (registrar != null) {
                settings.setting(ClientOwners.REGISTRAR_SETTING, registrar);
            }
            return RegisteredClient.from(client).clientSettings(settings.build()).build();
        };
    }

    /** Gives the PAR requirement back when the registration is read. */
    static Converter<RegisteredClient, OidcClientRegistration> toRegistration(
            Converter<RegisteredClient, OidcClientRegistration> next) {
        return client -> {
            OidcClientRegistration registration = next.convert(client);
            if (registration == null) {
                return null;
            }
            return OidcClientRegistration.withClaims(registration.getClaims())
                    .claim(REQUIRE_PAR, PushedRequestSettings.requires(client)).build();
        };
    }
}
