package org.roost.identity.session;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** Session login and logout are API doors outside /api; logging in (both steps) takes no credential. */
@Component
@Order(30)
class SessionChainRules implements ApiChainContribution {

    @Override
    public List<String> paths() {
        return List.of("/login", "/logout");
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(HttpMethod.POST, "/login", "/login/second-factor").permitAll();
    }

    @Override
    public List<String> credentialEndpoints() {
        return List.of("/login", "/login/second-factor");
    }
}
