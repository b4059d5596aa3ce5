package org.roost.gateway.publicreading;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/**
 * Profiles and posts for a visitor without any credential, while {@code roost.public-reading} is on: the API chain
 * lets exactly the reads {@link PublicReading} admits through; last, so any feature's own rule decides first.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
class PublicReadingChainRules implements ApiChainContribution {

    private final PublicReading publicReading;

    PublicReadingChainRules(PublicReading publicReading) {
        this.publicReading = publicReading;
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(publicReading::admitsRestVisitor).permitAll();
    }
}
