package org.roost.gateway.security;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.roost.platform.apichain.ApiChainContribution;
import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitFilter;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.identity.revocation.CredentialRevocations;
import org.roost.identity.session.SessionProperties;
import org.roost.identity.session.SessionValidationFilter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The filter chains, one per concern, in this order: the authorization server's protocol
 * endpoints and sign-in pages come first (in {@code authserver}), then the API (this
 * class, order {@value #API_ORDER}), then everything else (public: health, API documentation).
 * The API chain has no list of features: each contributes its paths, rules and filters as an
 * {@link ApiChainContribution} bean.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class SecurityConfig {

    static final int API_ORDER = 20;

    /**
     * No Micrometer observation around each security filter, authentication and authorization: on an
     * authenticated read they cost about a tenth of the CPU (JFR, {@code ObservationFilterChainDecorator}).
     * Requests are still timed as a whole ({@code http.server.requests}) and security events go to the
     * audit log and the domain meters (docs/observability.md).
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    HttpSessionSecurityContextRepository securityContextRepository() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    @Order(API_ORDER)
    SecurityFilterChain apiChain(HttpSecurity http, JsonSecurityErrors errors, CookieCsrfTokenRepository csrfTokens,
            HttpSessionSecurityContextRepository contexts, CredentialRevocations revocations,
            SessionProperties sessions, Clock clock, RateLimitProperties rateLimits, RateLimitBuckets buckets,
            org.roost.platform.web.ErrorResponses errorResponses, org.roost.identity.devices.Devices devices,
            ObjectProvider<ApiChainContribution> contributions) throws Exception {
        List<ApiChainContribution> features = contributions.orderedStream().toList();
        List<String> paths = new ArrayList<>(List.of("/api/**"));
        features.forEach(feature -> paths.addAll(feature.paths()));
        Set<String> credentialEndpoints = new HashSet<>();
        features.forEach(feature -> credentialEndpoints.addAll(feature.credentialEndpoints()));
        http.securityMatcher(paths.toArray(String[]::new))
                .authorizeHttpRequests(requests -> {
                    // each feature's own rules (who may call its doors without a credential, say), in bean order
                    features.forEach(feature -> feature.authorize(requests));
                    requests.anyRequest().authenticated();
                })
                .securityContext(context -> context.securityContextRepository(contexts))
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .csrf(csrf -> csrf.csrfTokenRepository(csrfTokens)
                        .csrfTokenRequestHandler(new HeaderOnlyCsrfTokenHandler())
                        .requireCsrfProtectionMatcher(CsrfConfig.requiresCsrf(Set.copyOf(credentialEndpoints))))
                .addFilterAfter(new SessionValidationFilter(revocations, sessions, clock, devices::touch), SecurityContextHolderFilter.class)
                .addFilterAfter(new CsrfCookieFilter(), CsrfFilter.class)
                .addFilterAfter(new RateLimitFilter(rateLimits, buckets, errorResponses, Callers::from),
                        org.springframework.security.web.access.intercept.AuthorizationFilter.class)
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(errors).accessDeniedHandler(errors))
                // Bearer tokens from the Authorization header only: the default resolver ignores ?access_token=.
                .oauth2ResourceServer(resourceServer -> resourceServer.jwt(Customizer.withDefaults())
                        .authenticationEntryPoint(errors).accessDeniedHandler(errors))
                .headers(headers -> headers.cacheControl(cache -> cache.disable())
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
                .requestCache(cache -> cache.disable())
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        for (ApiChainContribution feature : features) {
            feature.configure(http);
        }
        return http.build();
    }

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    SecurityFilterChain publicChain(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                .csrf(AbstractHttpConfigurer::disable)
                .headers(headers -> headers.referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }
}
