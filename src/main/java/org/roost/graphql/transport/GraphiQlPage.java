package org.roost.graphql.transport;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * GraphiQL from this service alone: the page, its script and GraphiQL itself (WebJars under
 * {@code /webjars}) never touch a CDN. It talks to {@code /graphql} with the browser's session
 * cookie and CSRF token; log in first ({@code POST /login}).
 */
@Component
class GraphiQlPage {

    static final String PATH = "/graphiql";

    private final Resource page = new ClassPathResource("graphiql/index.html");

    ServerResponse page(ServerRequest request) {
        return ServerResponse.ok().contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:")
                .body(page);
    }
}
