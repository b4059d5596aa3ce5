package org.roost.gateway.webapp;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The app's pages: public (the app asks the API who is signed in), with a strict Content-Security-Policy: scripts,
 * styles and connections from this origin only, no inline code. Ordered before the API chain (20) because
 * {@code GET /login} from a browser is the sign-in page, while {@code POST /login} stays the API's JSON login.
 */
@Configuration(proxyBeanMethods = false)
class WebAppSecurity {

    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Bean
    @Order(15)
    SecurityFilterChain webAppChain(HttpSecurity http) throws Exception {
        PathPatternRequestMatcher.Builder get = PathPatternRequestMatcher.withDefaults();
        RequestMatcher routes = new OrRequestMatcher(java.util.Arrays.stream(WebAppRoutes.ROUTES)
                .map(route -> (RequestMatcher) get.matcher(HttpMethod.GET, route)).toList());
        MediaTypeRequestMatcher html = new MediaTypeRequestMatcher(MediaType.TEXT_HTML);
        html.setIgnoredMediaTypes(java.util.Set.of(MediaType.ALL));
        http.securityMatcher(new OrRequestMatcher(new AndRequestMatcher(routes, html),
                        get.matcher(HttpMethod.GET, "/app/**")))
                .authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                .csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(POLICY))
                        .referrerPolicy(referrer -> referrer.policy(
                                org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)))
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        return http.build();
    }
}
