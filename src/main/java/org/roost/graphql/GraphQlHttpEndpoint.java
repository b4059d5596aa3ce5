package org.roost.graphql;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;

import graphql.ExecutionResult;

import org.reactivestreams.Publisher;
import org.roost.limits.RateLimitCharge;
import org.roost.shared.ErrorCode;
import org.roost.web.RequestIds;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /graphql} and {@code GET /graphql} (queries only), with the status rules of
 * {@link ResponseMode}, and Server-Sent Events for a POST that accepts {@code text/event-stream}.
 * JSON here is GraphQL's camelCase, read and written by a mapper of its own.
 */
@Component
class GraphQlHttpEndpoint {

    static final String PATH = "/graphql";

    private final WebGraphQlHandler graphQl;
    private final PersistedQueries persistedQueries;
    private final GraphQlSse sse;
    private final JsonMapper json = JsonMapper.builder().build();

    GraphQlHttpEndpoint(WebGraphQlHandler graphQl, PersistedQueries persistedQueries, GraphQlSse sse) {
        this.graphQl = graphQl;
        this.persistedQueries = persistedQueries;
        this.sse = sse;
    }

    ServerResponse post(ServerRequest request) throws ServletException, IOException {
        ResponseMode mode = ResponseMode.of(request.headers().header(HttpHeaders.ACCEPT));
        try {
            MediaType type = contentType(request);
            if (type == null || !(MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type)
                    || type.getSubtype().endsWith("+json"))) {
                throw new GraphQlRequestException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        "Send the operation as application/json.");
            }
            HttpOperation operation = HttpOperation.fromBody(json, request.servletRequest().getInputStream().readAllBytes());
            return execute(request, operation, mode);
        }
        catch (GraphQlRequestException refused) {
            return refuse(request, mode, refused);
        }
    }

    /** A header Spring cannot parse (a parameter with a '/', a charset Java lacks) is the client's error. */
    private static @org.jspecify.annotations.Nullable MediaType contentType(ServerRequest request) {
        try {
            return request.headers().contentType().orElse(null);
        }
        catch (org.springframework.http.InvalidMediaTypeException ex) {
            throw new GraphQlRequestException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The Content-Type header cannot be read; send application/json.");
        }
    }

    ServerResponse get(ServerRequest request) {
        ResponseMode mode = ResponseMode.of(request.headers().header(HttpHeaders.ACCEPT));
        try {
            HttpOperation operation = HttpOperation.fromParameters(json, request.param("query").orElse(null),
                    request.param("operationName").orElse(null), request.param("variables").orElse(null),
                    request.param("extensions").orElse(null));
            return execute(request, operation, mode == ResponseMode.EVENT_STREAM ? ResponseMode.JSON : mode);
        }
        catch (GraphQlRequestException refused) {
            return refuse(request, mode == ResponseMode.EVENT_STREAM ? ResponseMode.JSON : mode, refused);
        }
    }

    private ServerResponse execute(ServerRequest request, HttpOperation operation, ResponseMode mode) {
        PersistedQueries.Resolved resolved = persistedQueries.resolve(operation.query(), operation.extensions());
        String document = resolved.document();
        if (document == null || document.isBlank()) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request has no 'query'.");
        }
        if ("GET".equals(request.method().name()) && !HttpOperation.isQuery(document, operation.operationName())) {
            throw new GraphQlRequestException(ErrorCode.METHOD_NOT_ALLOWED,
                    "Only queries may be sent with GET; send mutations and subscriptions with POST.");
        }
        WebGraphQlRequest graphQlRequest = toGraphQlRequest(request, operation.body(document));
        if (mode == ResponseMode.EVENT_STREAM) {
            return sse.stream(graphQlHandlerResults(graphQlRequest, resolved));
        }
        WebGraphQlResponse response = graphQl.handleRequest(graphQlRequest).block();
        if (response != null && response.isValid()) {
            persistedQueries.remember(resolved);
        }
        Optional<RateLimitCharge> charge = RateLimitCharge.of(request.servletRequest());
        charge.ifPresent(RateLimitCharge::publish);
        Optional<Duration> refusal = charge.flatMap(RateLimitCharge::refusal);
        if (response != null && response.getData() instanceof Publisher<?> unread) {
            // A subscription without an event stream is refused below, so nobody reads this stream: end it now. A shared subscription (SharedSubscriptions)
            // has already started its execution and would otherwise keep it, and its live-event subscription.
            Flux.from(unread).subscribe().dispose();
        }
        if (response != null && refusal.isPresent()) {
            // Over the budget: 429 whatever the client accepts, as when the filter found the bucket empty.
            return ServerResponse.status(429).contentType(mode.contentType()).header(HttpHeaders.CACHE_CONTROL, "no-store")
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(refusal.get().toSeconds()))
                    .body(json.writeValueAsBytes(response.toMap()));
        }
        if (response == null || response.getData() instanceof Publisher<?>) {
            throw new GraphQlRequestException(ErrorCode.NOT_ACCEPTABLE,
                    "Subscriptions need Accept: text/event-stream, or a WebSocket (graphql-transport-ws).");
        }
        return write(mode, status(response.getExecutionResult()), response.toMap());
    }

    private Flux<Map<String, Object>> graphQlHandlerResults(WebGraphQlRequest request, PersistedQueries.Resolved resolved) {
        return graphQl.handleRequest(request).doOnNext(response -> {
            if (response.isValid()) {
                persistedQueries.remember(resolved);
            }
        }).flatMapMany(response -> response.getData() instanceof Publisher<?> p
                ? Flux.from(p).cast(ExecutionResult.class).map(ExecutionResult::toSpecification)
                : Flux.just(response.toMap()));
    }

    private WebGraphQlRequest toGraphQlRequest(ServerRequest request, Map<String, Object> body) {
        HttpServletRequest servlet = request.servletRequest();
        Map<String, Object> attributes = new HashMap<>();
        attributes.put(OperationInterceptor.REQUEST_ID_ATTRIBUTE, RequestIds.of(servlet));
        Credential.fromHttp(servlet).ifPresent(credential -> attributes.put(Credential.ATTRIBUTE, credential));
        RateLimitCharge.of(servlet).ifPresent(charge -> attributes.put(ContextKeys.RATE_LIMIT, charge));
        return new WebGraphQlRequest(request.uri(), request.headers().asHttpHeaders(), null,
                request.remoteAddress().orElse(null), attributes, body, UUID.randomUUID().toString(), request.servletRequest().getLocale());
    }

    /** GraphQL over HTTP: 200 with data; without data, the status its first error stands for. */
    private static int status(ExecutionResult result) {
        if (result.isDataPresent() && result.getData() != null) {
            return 200;
        }
        int status = result.getErrors().isEmpty() ? 500 : GraphQlErrors.code(result.getErrors().getFirst()).status();
        return result.isDataPresent() ? status : Math.min(Math.max(status, 400), 499);
    }

    private ServerResponse refuse(ServerRequest request, ResponseMode mode, GraphQlRequestException refused) {
        var error = GraphQlErrors.of(refused.code(), refused.getMessage(), RequestIds.of(request.servletRequest()));
        if (mode == ResponseMode.EVENT_STREAM) {
            return sse.stream(Flux.just(Map.of("errors", List.of(error.toSpecification()))));
        }
        ServerResponse.BodyBuilder response = builder(mode, refused.status());
        if (refused.code() == ErrorCode.METHOD_NOT_ALLOWED) {
            response.header(HttpHeaders.ALLOW, "POST");
        }
        return response.body(json.writeValueAsBytes(Map.of("errors", List.of(error.toSpecification()))));
    }

    private ServerResponse write(ResponseMode mode, int status, Map<String, Object> body) {
        return builder(mode, status).body(json.writeValueAsBytes(body));
    }

    private static ServerResponse.BodyBuilder builder(ResponseMode mode, int status) {
        return ServerResponse.status(mode.status(status)).contentType(mode.contentType())
                .header(HttpHeaders.CACHE_CONTROL, "no-store");
    }
}
