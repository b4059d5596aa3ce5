package org.roost.authorization.token;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** The first-party token doors are under /auth; getting a token (both steps) and refreshing one take no credential. */
@Component
@Order(30)
class TokenChainRules implements ApiChainContribution {

    @Override
    public List<String> paths() {
        return List.of("/auth/**");
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(HttpMethod.POST, "/auth/token", "/auth/token/refresh", "/auth/token/second-factor").permitAll();
    }

    @Override
    public List<String> credentialEndpoints() {
        return List.of("/auth/token", "/auth/token/refresh", "/auth/token/second-factor");
    }
}
