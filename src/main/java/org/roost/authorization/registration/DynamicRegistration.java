package org.roost.authorization.registration;

import java.util.Map;
import java.util.Objects;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.authorization.server.ClientSecretHash;
import org.roost.platform.outbound.OutboundRequests;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessException;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientConfigurationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationValidator;
import org.springframework.stereotype.Component;

/**
 * OpenID Connect Dynamic Client Registration ({@code POST /connect/register}, RFC 7591's request and answer) on
 * Spring's endpoint. It takes an initial access token: an access token with the scope {@code client.create}, which a
 * configured client allowed that scope gets with {@code client_credentials}; the token is used up by the
 * registration. The answer carries the client's id, its secret (once) and a registration access token for reading
 * the registration back ({@code GET /connect/register?client_id=…}). Redirect URIs follow {@link RedirectUriRules};
 * secrets are stored hashed like every client secret; {@code backchannel_logout_uri} follows the same rules
 * ({@link BackchannelLogoutMetadata}); grant types, names, the URLs the service will request and the rest follow
 * {@link RegistrationMetadata}. Registrations are audited.
 */
@Component
class DynamicRegistration implements AuthorizationServerExtension {

    /** The client whose initial access token the registration under way presented: the new client's registrar. */
    private static final ScopedValue<String> REGISTRAR = ScopedValue.newInstance();

    private final ApplicationEventPublisher events;
    private final IdTokenAlgorithm idTokens;
    private final RegistrationPolicy policy;
    private final OutboundRequests outbound;

    DynamicRegistration(ApplicationEventPublisher events, IdTokenAlgorithm idTokens, RegistrationPolicy policy,
            OutboundRequests outbound) {
        this.events = events;
        this.idTokens = idTokens;
        this.policy = policy;
        this.outbound = outbound;
    }

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        server.oidc(oidc -> oidc.clientRegistrationEndpoint(registration -> registration.authenticationProviders(
                providers -> providers.replaceAll(provider -> switch (provider) {
                    case OidcClientRegistrationAuthenticationProvider register -> audited(register);
                    case OidcClientConfigurationAuthenticationProvider read -> {
                        read.setClientRegistrationConverter(RegistrationMetadata.toRegistration(
                                BackchannelLogoutMetadata.toRegistration()));
                        yield read;
                    }
                    default -> provider;
                }))));
    }

    private AuthenticationProvider audited(OidcClientRegistrationAuthenticationProvider register) {
        register.setPasswordEncoder(ClientSecretHash.delegating());
        var toClient = RegistrationMetadata.toClient(BackchannelLogoutMetadata.toClient(), () -> REGISTRAR.isBound() ? REGISTRAR.get() : null);
        register.setRegisteredClientConverter(registration -> idTokens.applyTo(Objects.requireNonNull(toClient.convert(registration))));
        register.setClientRegistrationConverter(RegistrationMetadata.toRegistration(BackchannelLogoutMetadata.toRegistration()));
        register.setAuthenticationValidator(OidcClientRegistrationAuthenticationValidator.DEFAULT_REDIRECT_URI_VALIDATOR
                .andThen(context -> ((OidcClientRegistrationAuthenticationToken) context.getAuthentication())
                        .getClientRegistration().getRedirectUris()
                        .forEach(uri -> RedirectUriRules.problem(uri).ifPresent(problem -> {
                            throw new OAuth2AuthenticationException(new OAuth2Error("invalid_redirect_uri",
                                    "redirect_uri " + problem, null));
                        })))
                .andThen(OidcClientRegistrationAuthenticationValidator.DEFAULT_POST_LOGOUT_REDIRECT_URI_VALIDATOR)
                .andThen(OidcClientRegistrationAuthenticationValidator.DEFAULT_JWK_SET_URI_VALIDATOR)
                .andThen(BackchannelLogoutMetadata.validator())
                .andThen(RegistrationMetadata.validator(policy, outbound))
                .andThen(idTokens.validator())
                .andThen(context -> {
                    var scopes = ((OidcClientRegistrationAuthenticationToken) context.getAuthentication())
                            .getClientRegistration().getScopes();
                    if (scopes != null && !AppScopes.ALLOWED.containsAll(scopes)) {
                        throw new OAuth2AuthenticationException(new OAuth2Error("invalid_client_metadata",
                                "scope may name only " + String.join(" ", AppScopes.ALLOWED), null));
                    }
                }));
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                // a registration's principal is the initial access token's authentication, named by its client
                Authentication result;
                try {
                    result = authentication.getPrincipal() instanceof Authentication token
                            && authentication instanceof OidcClientRegistrationAuthenticationToken request
                            && request.getClientRegistration() != null
                            ? ScopedValue.where(REGISTRAR, token.getName()).call(() -> register.authenticate(authentication))
                            : register.authenticate(authentication);
                }
                catch (DataAccessException unstorable) {
                    // every limit of the store is checked before (RegistrationMetadata); should one be missed, the
                    // answer is still RFC 7591's error, never the statement
                    throw RegistrationMetadata.invalid("the registration could not be stored: a value is too long");
                }
                if (result instanceof OidcClientRegistrationAuthenticationToken registered
                        && registered.getClientRegistration() != null
                        && registered.getClientRegistration().getClientId() != null
                        && authentication instanceof OidcClientRegistrationAuthenticationToken request
                        && request.getClientRegistration() != null) {
                    events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.CLIENT_REGISTERED,
                            registered.getClientRegistration().getClientId(), null, "by", "dynamic_registration"));
                }
                return result;
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return register.supports(authentication);
            }
        };
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        metadata.put("registration_endpoint", issuer + "/connect/register");
    }
}
