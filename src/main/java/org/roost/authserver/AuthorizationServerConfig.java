package org.roost.authserver;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.roost.revocation.CredentialRevocations;
import org.roost.limits.RateLimitBuckets;
import org.roost.limits.RateLimitProperties;
import org.roost.login.PasswordLogins;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.ClientSecretAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenIntrospectionAuthenticationProvider;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * Two filter chains ahead of the API's: the protocol endpoints (order {@value #PROTOCOL_ORDER}), whose
 * errors stay in RFC 6749's format, and the HTML sign-in and consent pages (order {@value #PAGES_ORDER}).
 * Both keep the signed-in user in the sign-in session, under a key of their own. Capabilities in packages of their
 * own join both chains as {@link AuthorizationServerExtension}s.
 */
@Configuration(proxyBeanMethods = false)
class AuthorizationServerConfig {

    static final int PROTOCOL_ORDER = 1;
    static final int PAGES_ORDER = 5;
    static final String SIGN_IN_PAGE = "/signin";
    static final String CONSENT_PAGE = "/consent";
    private static final String CONTEXT_KEY = "ROOST_SIGNIN_SECURITY_CONTEXT";

    @Bean
    @Order(PROTOCOL_ORDER)
    SecurityFilterChain authorizationServerChain(HttpSecurity http, CredentialRevocations revocations,
            ApplicationEventPublisher events, OAuth2AuthorizationService authorizations, OAuthProperties oauth,
            ObjectProvider<AuthorizationServerExtension> extensionBeans, RateLimitProperties rateLimits,
            RateLimitBuckets buckets) throws Exception {
        List<AuthorizationServerExtension> extensions = extensionBeans.orderedStream().toList();
        http.oauth2AuthorizationServer(server -> {
            http.securityMatcher(server.getEndpointsMatcher());
            extensions.forEach(extension -> extension.configure(server, http));
            server.tokenEndpoint(token -> token.authenticationProviders(
                    providers -> extensions.forEach(extension -> extension.tokenProviders(providers))));
            server.authorizationServerMetadataEndpoint(metadata -> metadata.authorizationServerMetadataCustomizer(
                    builder -> builder.claims(claims -> Discovery.describe(claims, extensions))));
            server.oidc(oidc -> oidc.providerConfigurationEndpoint(provider -> provider.providerConfigurationCustomizer(
                    builder -> builder.claims(claims -> Discovery.describe(claims, extensions)))))
                    .authorizationEndpoint(endpoint -> endpoint.consentPage(CONSENT_PAGE)
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
                    })));
        });
        http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .oauth2ResourceServer(resourceServer -> resourceServer.jwt(Customizer.withDefaults()))
                .securityContext(context -> context.securityContextRepository(contexts()))
                .addFilterAfter(SignInSessions.revocationFilter(revocations), SecurityContextHolderFilter.class)
                .addFilterBefore(new ProtocolRateLimits(rateLimits, buckets), SecurityContextHolderFilter.class)
                // Whatever the Accept header, a browser sent to authorize without a sign-in goes to the form.
                .exceptionHandling(exceptions -> exceptions.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint(SIGN_IN_PAGE),
                        PathPatternRequestMatcher.withDefaults().matcher("/oauth2/authorize")));
        return http.build();
    }

    @Bean
    @Order(PAGES_ORDER)
    SecurityFilterChain signInPagesChain(HttpSecurity http, PasswordLogins logins,
            CredentialRevocations revocations, Clock clock, ObjectProvider<AuthorizationServerExtension> extensions,
            RateLimitProperties rateLimits, RateLimitBuckets buckets) throws Exception {
        List<String> pages = new ArrayList<>(List.of(SIGN_IN_PAGE, CONSENT_PAGE));
        extensions.orderedStream().forEach(extension -> pages.addAll(extension.pages()));
        http.securityMatcher(pages.toArray(String[]::new))
                .authorizeHttpRequests(requests -> requests.requestMatchers(SIGN_IN_PAGE).permitAll()
                        .anyRequest().authenticated())
                .authenticationManager(new ProviderManager(new SignInAuthenticationProvider(logins)))
                .formLogin(form -> form.loginPage(SIGN_IN_PAGE).loginProcessingUrl(SIGN_IN_PAGE)
                        .failureUrl(SIGN_IN_PAGE + "?error")
                        .successHandler(SignInSessions.recordingSuccessHandler(clock)))
                .securityContext(context -> context.securityContextRepository(contexts()))
                .addFilterAfter(SignInSessions.revocationFilter(revocations), SecurityContextHolderFilter.class)
                .addFilterBefore(new ProtocolRateLimits(rateLimits, buckets), SecurityContextHolderFilter.class)
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(
                        "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'"))
                        .referrerPolicy(referrer -> referrer.policy(
                                org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER)))
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }

    private static HttpSessionSecurityContextRepository contexts() {
        HttpSessionSecurityContextRepository repository = new HttpSessionSecurityContextRepository();
        repository.setSpringSecurityContextKey(CONTEXT_KEY);
        return repository;
    }
}
