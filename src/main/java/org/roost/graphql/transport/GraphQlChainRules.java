package org.roost.graphql.transport;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** GraphQL over HTTP, SSE and WebSocket is on the API chain; it answers a missing credential itself (UNAUTHENTICATED in the body, see docs/api.md). */
@Component
@Order(50)
class GraphQlChainRules implements ApiChainContribution {

    @Override
    public List<String> paths() {
        return List.of("/graphql", "/graphql/**");
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers("/graphql").permitAll();
    }
}
