package org.roost.identity.federation;

import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.platform.web.ErrorResponses;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestRedirectFilter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The OAuth client's own filter chain (order {@value #ORDER}: after the authorization server's protocol endpoints,
 * whose {@code /oauth2/authorize} and {@code /oauth2/token} it shares no path with, and before its sign-in pages and
 * the API). It runs on the sign-in session (the {@code SameSite=Lax} cookie the provider's redirect back carries)
 * and keeps no security context of its own: {@link ProviderCallbacks} starts whichever kind of session the sign-in
 * was for. With no registration configured it still answers its paths, with "no such provider".
 */
@Configuration(proxyBeanMethods = false)
class FederationConfig {

    static final int ORDER = 3;

    @Bean
    @Order(ORDER)
    SecurityFilterChain federationChain(HttpSecurity http, Providers providers, Tickets tickets,
            ProviderCallbacks callbacks, RateLimitProperties rateLimits, RateLimitBuckets buckets,
            ErrorResponses errors, Pages pages, ProviderClients clients) throws Exception {
        http.securityMatcher(SignInStarts.PREFIX + "*", "/login/oauth2/code/*", "/auth/providers", "/auth/federated/**")
                .authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                .securityContext(context -> context.securityContextRepository(new RequestAttributeSecurityContextRepository()))
                .oauth2Login(login -> login.clientRegistrationRepository(providers.repository())
                        .authorizedClientRepository(new NoAuthorizedClients())
                        .loginPage("/login")
                        .tokenEndpoint(token -> token.accessTokenResponseClient(clients.tokens()))
                        .userInfoEndpoint(userInfo -> userInfo.oidcUserService(clients.users()))
                        .successHandler(callbacks)
                        .failureHandler(callbacks))
                .addFilterBefore(new SignInStarts(providers, tickets, pages), OAuth2AuthorizationRequestRedirectFilter.class)
                .addFilterBefore(new FederationRateLimits(rateLimits, buckets, errors, pages), SecurityContextHolderFilter.class)
                // every step is a GET; the provider's state parameter and the tickets bind each to its browser
                .csrf(AbstractHttpConfigurer::disable)
                .requestCache(cache -> cache.disable())
                .headers(headers -> headers.referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }
}
