package org.roost.identity.recovery;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** Asking for a reset link, and following one, take no credential: the mailed link proves itself. */
@Component
@Order(20)
class RecoveryChainRules implements ApiChainContribution {

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(HttpMethod.POST, "/api/v1/password-resets", "/api/password-resets",
                "/api/v1/password-resets/complete", "/api/password-resets/complete").permitAll();
    }
}
