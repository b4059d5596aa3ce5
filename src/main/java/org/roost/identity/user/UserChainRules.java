package org.roost.identity.user;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** Signing up takes no credential. */
@Component
@Order(10)
class UserChainRules implements ApiChainContribution {

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(HttpMethod.POST, "/api/v1/users", "/api/users").permitAll();
    }

    @Override
    public List<String> credentialEndpoints() {
        return List.of("/api/v1/users", "/api/users");
    }
}
