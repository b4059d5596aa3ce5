package org.roost.graphql.transport;

import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.gateway.publicreading.PublicReading;
import org.roost.graphql.ContextKeys;
import org.roost.graphql.Credential;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.roost.platform.ratelimits.RateLimitCharge;
import org.roost.platform.live.LiveSettings;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.RequestIds;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.http.HttpMethod;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.Flux;

/**
 * The GraphQL HTTP routes, ordered before Spring Boot's own (which answers GET with 405 and leaves the framework's
 * handlers to read requests with the REST API's snake_case JSON): {@code /graphql/schema} is still Spring Boot's.
 * One filter gives every operation what the security filters found (request id, credential, rate-limit charge) and
 * answers a request refused before execution in the contract's error shape, as JSON or as an event stream.
 */
@Configuration(proxyBeanMethods = false)
class GraphQlRoutes {

    @Bean
    @Order(-10)
    RouterFunction<ServerResponse> roostGraphQlRoutes(WebGraphQlHandler graphQl, PersistedQueries persistedQueries,
            GraphQlSettings settings, LiveSettings live, LiveStreams streams, GraphiQlPage graphiQl, ErrorResponses errors,
            PublicReading publicReading) {
        OperationReader reader = new OperationReader(persistedQueries);
        GraphQlHttpEndpoint http = new GraphQlHttpEndpoint(graphQl, reader, persistedQueries, errors.retryAfter());
        GraphQlSse sse = new GraphQlSse(graphQl, reader, persistedQueries, settings, live, streams);
        return RouterFunctions.route()
                .POST(GraphQlHttpEndpoint.PATH, request -> ResponseMode.of(request) == ResponseMode.EVENT_STREAM,
                        sse::handleRequest)
                .POST(GraphQlHttpEndpoint.PATH, http::handleRequest)
                .GET(GraphQlHttpEndpoint.PATH, http::handleRequest)
                .filter((request, next) -> admit(request, next, http, sse, publicReading))
                .build()
                .and(RouterFunctions.route().GET(GraphiQlPage.PATH, graphiQl::page).build());
    }

    /** 405 with Allow, OPTIONS and HEAD on these paths, which routes alone answer 404. */
    @Bean
    GraphQlMethods graphQlMethods() {
        return new GraphQlMethods();
    }

    private static ServerResponse admit(ServerRequest request, HandlerFunction<ServerResponse> next,
            GraphQlHttpEndpoint http, GraphQlSse sse, PublicReading publicReading) throws Exception {
        // The framework hands the servlet request's attributes to the operation (WebGraphQlRequest.getAttributes)
        HttpServletRequest servlet = request.servletRequest();
        servlet.setAttribute(ContextKeys.REQUEST_ID_ATTRIBUTE, RequestIds.of(servlet));
        Credential.fromHttp(servlet).ifPresentOrElse(credential -> servlet.setAttribute(Credential.ATTRIBUTE, credential),
                () -> servlet.setAttribute(PublicReading.VISITOR_ATTRIBUTE, publicReading.admitsGraphQlVisitor(servlet)));
        RateLimitCharge.of(servlet).ifPresent(charge -> servlet.setAttribute(ContextKeys.RATE_LIMIT, charge));
        ServerRequest operation = !HttpMethod.GET.equals(request.method()) ? request : ServerRequest.from(request)
                .headers(headers -> headers.setContentType(OperationReader.URL_PARAMETERS)).build();
        ResponseMode mode = ResponseMode.of(request);
        try {
            return next.handle(operation);
        }
        catch (GraphQlRequestException refused) {
            return refuse(request, mode, refused, http, sse);
        }
        catch (HttpMediaTypeNotSupportedException | UnsupportedMediaTypeStatusException unsupported) {
            String message = unsupported instanceof UnsupportedMediaTypeStatusException
                    ? "The Content-Type header cannot be read; send application/json." : "Send the operation as application/json.";
            return refuse(request, mode, new GraphQlRequestException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, message), http, sse);
        }
    }

    private static ServerResponse refuse(ServerRequest request, ResponseMode mode, GraphQlRequestException refused,
            GraphQlHttpEndpoint http, GraphQlSse sse) {
        if (mode != ResponseMode.EVENT_STREAM) {
            return http.refuse(request, mode, refused);
        }
        var error = GraphQlErrors.of(refused.code(), refused.getMessage(), RequestIds.of(request.servletRequest()));
        return sse.stream(Flux.just(Map.of("errors", List.of(error.toSpecification()))));
    }
}
