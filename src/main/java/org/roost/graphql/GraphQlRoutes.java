package org.roost.graphql;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The GraphQL HTTP routes, ordered before Spring Boot's own (which would answer GET with 405):
 * {@code /graphql/schema} is still Spring Boot's.
 */
@Configuration(proxyBeanMethods = false)
class GraphQlRoutes {

    @Bean
    @Order(-10)
    RouterFunction<ServerResponse> roostGraphQlRoutes(GraphQlHttpEndpoint endpoint, GraphiQlPage graphiQl) {
        return RouterFunctions.route()
                .POST(GraphQlHttpEndpoint.PATH, endpoint::post)
                .GET(GraphQlHttpEndpoint.PATH, endpoint::get)
                .GET("/graphiql", graphiQl::page)
                .build();
    }
}
