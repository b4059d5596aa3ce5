package org.roost.websecurity;

import org.roost.limits.RateLimitBuckets;
import org.roost.limits.RateLimitFilter;
import org.roost.limits.RateLimitProperties;
import org.roost.web.ErrorResponses;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The API for requests that carry a bearer token: stateless, and first of all chains. A bearer token is the whole
 * credential, so none of the session chain's parts apply: no session or security context to load or validate, no
 * CSRF (a browser never adds an Authorization header on its own), no passkey ceremonies, each of which wrapped or
 * inspected every request (what that saves: docs/performance.md, "Writes").
 *
 * <p>Every request here is authenticated or refused: the bearer filter answers 401 for a token it cannot verify
 * before authorization runs, so the session chain's per-path rules (sign-up and mailed links open to anyone) have
 * nothing to decide. A request with a session cookie and a bearer token is the token's, as it was on the session chain.
 */
@Configuration(proxyBeanMethods = false)
class BearerApiSecurity {

    /**
     * First of all chains: no other chain serves {@code /api/**} or {@code /graphql}, and this one's matcher looks at
     * a header before any path, so a token request is not matched against every other chain's paths first.
     */
    static final int ORDER = 0;

    private static final RequestMatcher API_PATHS = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern("/api/**"), PathPatternRequestMatcher.pathPattern("/graphql"),
            PathPatternRequestMatcher.pathPattern("/graphql/**"));

    @Bean
    @Order(ORDER)
    SecurityFilterChain bearerApiChain(HttpSecurity http, JsonSecurityErrors errors, RateLimitProperties rateLimits,
            RateLimitBuckets buckets, ErrorResponses errorResponses) throws Exception {
        http.securityMatcher(new AndRequestMatcher(CsrfConfig::hasBearer, API_PATHS))
                .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(AbstractHttpConfigurer::disable)
                .servletApi(AbstractHttpConfigurer::disable)
                .anonymous(AbstractHttpConfigurer::disable)
                .addFilterAfter(new RateLimitFilter(rateLimits, buckets, errorResponses, Callers::from),
                        AuthorizationFilter.class)
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(errors).accessDeniedHandler(errors))
                .oauth2ResourceServer(resourceServer -> resourceServer.jwt(Customizer.withDefaults())
                        .authenticationEntryPoint(errors).accessDeniedHandler(errors))
                .headers(headers -> headers.cacheControl(cache -> cache.disable())
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
                .requestCache(cache -> cache.disable())
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }
}
