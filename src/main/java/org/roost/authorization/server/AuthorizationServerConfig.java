package org.roost.authorization.server;

import org.roost.authorization.signinsession.SignInSessions;
import java.util.List;

import org.roost.platform.outbound.OutboundRequests;
import org.roost.identity.revocation.CredentialRevocations;
import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.authorization.signingkeys.SigningKeys;
import org.roost.platform.web.ErrorResponses;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.ClientSecretAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.JwtClientAssertionAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenIntrospectionAuthenticationProvider;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * The protocol endpoints' filter chain (order {@value #PROTOCOL_ORDER}), ahead of the API's: its errors stay in
 * RFC 6749's format, and it keeps the signed-in person in the sign-in session it shares with the pages of
 * {@code signin}. Capabilities in packages of their
 * own join both chains as {@link AuthorizationServerExtension}s.
 */
@Configuration(proxyBeanMethods = false)
class AuthorizationServerConfig {

    static final int PROTOCOL_ORDER = 1;

    @Bean
    @Order(PROTOCOL_ORDER)
    SecurityFilterChain authorizationServerChain(HttpSecurity http, CredentialRevocations revocations,
            ApplicationEventPublisher events, OAuth2AuthorizationService authorizations, OAuthProperties oauth,
            ObjectProvider<AuthorizationServerExtension> extensionBeans, RateLimitProperties rateLimits,
            RateLimitBuckets buckets, SigningKeys keys, ObjectProvider<AuthorizationErrorPage> errorPages,
            ErrorResponses errors, OutboundRequests outbound) throws Exception {
        ClientAssertionKeys assertionKeys = new ClientAssertionKeys(outbound);
        List<AuthorizationServerExtension> extensions = extensionBeans.orderedStream().toList();
        http.oauth2AuthorizationServer(server -> {
            http.securityMatcher(server.getEndpointsMatcher());
            extensions.forEach(extension -> extension.configure(server, http));
            server.tokenEndpoint(token -> token.authenticationProviders(
                    providers -> extensions.forEach(extension -> extension.tokenProviders(providers))));
            server.authorizationServerMetadataEndpoint(metadata -> metadata.authorizationServerMetadataCustomizer(
                    builder -> builder.claims(claims -> Discovery.describe(claims, extensions, keys.algorithms()))));
            server.oidc(oidc -> oidc.providerConfigurationEndpoint(provider -> provider.providerConfigurationCustomizer(
                    builder -> builder.claims(claims -> Discovery.describe(claims, extensions, keys.algorithms())))))
                    .authorizationEndpoint(endpoint -> endpoint.consentPage(SignInSessions.CONSENT_PAGE)
                            .errorResponseHandler(new AuthorizationErrors(errorPages, errors))
                            .authenticationProviders(providers -> providers.forEach(p -> {
                                if (p instanceof OAuth2AuthorizationCodeRequestAuthenticationProvider codes) {
                                    codes.setAuthenticationValidator(ExactRedirectUris.validator());
                                }
                                if (p instanceof OAuth2AuthorizationConsentAuthenticationProvider consents) {
                                    consents.setAuthorizationConsentCustomizer(ConsentAudit.publishingTo(events));
                                }
                            })))
                    .tokenIntrospectionEndpoint(endpoint -> endpoint.authenticationProviders(providers -> providers.replaceAll(
                            p -> p instanceof OAuth2TokenIntrospectionAuthenticationProvider
                                    ? new IntrospectionAudience(p, oauth.introspectionClients()) : p)))
                    .tokenRevocationEndpoint(endpoint -> endpoint.revocationResponseHandler(
                            RevocationAudit.publishingTo(events, authorizations)))
                    .clientAuthentication(clients -> clients.authenticationProviders(providers -> providers.forEach(p -> {
                        if (p instanceof ClientSecretAuthenticationProvider secrets) {
                            secrets.setPasswordEncoder(AuthorizationStores.clientSecrets());
                        }
                        if (p instanceof JwtClientAssertionAuthenticationProvider assertions) {
                            assertions.setJwtDecoderFactory(assertionKeys);
                        }
                    })));
        });
        http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .oauth2ResourceServer(resourceServer -> resourceServer.jwt(Customizer.withDefaults()))
                .securityContext(context -> context.securityContextRepository(SignInSessions.contexts()))
                .addFilterAfter(SignInSessions.revocationFilter(revocations), SecurityContextHolderFilter.class)
                .addFilterAfter(SignInSessions.formCsrf(extensions.stream()
                        .flatMap(extension -> extension.formPosts().stream()).toList()), CsrfFilter.class)
                .addFilterBefore(ProtocolRateLimits.filter(rateLimits, buckets), SecurityContextHolderFilter.class)
                // Whatever the Accept header, a browser sent to authorize without a sign-in goes to the form.
                .exceptionHandling(exceptions -> exceptions.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint(SignInSessions.SIGN_IN_PAGE),
                        PathPatternRequestMatcher.withDefaults().matcher("/oauth2/authorize")));
        return http.build();
    }

}
