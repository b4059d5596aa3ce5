package org.roost.platform.operations;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.preauth.PreAuthenticatedAuthenticationToken;
import org.springframework.security.web.util.matcher.IpAddressMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The actuator's own filter chain (order {@value #ORDER}, before the API's): health and its probes are
 * public, everything else (metrics, Prometheus) is for operators, recognised by their address
 * ({@code roost.management.operator-addresses}, loopback by default). The same role makes Boot show
 * health details ({@code show-details: when-authorized}). Deployments that would rather not expose the
 * actuator on the public port set {@code management.server.port} and keep that port private.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OperatorProperties.class)
class OperatorAccess {

    static final int ORDER = 10;
    static final String ROLE = "OPERATOR";

    @Bean
    @Order(ORDER)
    SecurityFilterChain actuatorChain(HttpSecurity http, OperatorProperties properties, ErrorResponses errors)
            throws Exception {
        http.securityMatcher(EndpointRequest.toAnyEndpoint())
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(EndpointRequest.to("health", "info")).permitAll()
                        .anyRequest().hasRole(ROLE))
                .addFilterBefore(new RecogniseOperators(properties.operatorAddresses().stream()
                        .map(IpAddressMatcher::new).toList()), AnonymousAuthenticationFilter.class)
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint((request, response, ex) ->
                        errors.write(request, response, ErrorCode.FORBIDDEN, "Operators only (by address).")))
                .csrf(AbstractHttpConfigurer::disable)
                .headers(headers -> headers.referrerPolicy(referrer -> referrer.policy(
                        org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER)))
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }

    /**
     * An operator is recognised by address, not logged in. The principal is not anonymous, since Boot
     * only shows health details to a principal that {@code isUserInRole}.
     */
    private static final class RecogniseOperators extends OncePerRequestFilter {

        private final List<IpAddressMatcher> operators;

        RecogniseOperators(List<IpAddressMatcher> operators) {
            this.operators = operators;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            if (operators.stream().anyMatch(matcher -> matcher.matches(request))) {
                var context = SecurityContextHolder.createEmptyContext();
                context.setAuthentication(new PreAuthenticatedAuthenticationToken("operator", "",
                        AuthorityUtils.createAuthorityList("ROLE_" + ROLE)));
                SecurityContextHolder.setContext(context);
            }
            chain.doFilter(request, response);
        }
    }
}
