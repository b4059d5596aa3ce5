package org.roost.graphql.transport;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import graphql.ExecutionResult;

import org.reactivestreams.Publisher;
import org.roost.graphql.GraphQlErrors;
import org.roost.platform.ratelimits.RateLimitCharge;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.RequestIds;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.AbstractGraphQlHttpHandler;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /graphql} and {@code GET /graphql} (queries only) answered as JSON: Spring for GraphQL's handler reads
 * the request (through {@link OperationReader}) and runs it; this subclass writes the answer with the status rules of
 * {@link ResponseMode}. The framework's {@code GraphQlHttpHandler} answers every response without data with 400; the
 * contract gives each refusal its own status (401, 403, 429…) and a rate-limited operation {@code Retry-After}.
 * The operation runs on the request's thread (data fetchers are blocking JDBC), so the answer is written at once
 * rather than through an asynchronous dispatch.
 */
final class GraphQlHttpEndpoint extends AbstractGraphQlHttpHandler {

    static final String PATH = "/graphql";

    private final PersistedQueries persistedQueries;
    private final Duration retryAfter;
    private final JsonMapper json = JsonMapper.builder().build();
    private final ResultJson results = new ResultJson(json);

    /** {@code retryAfter}: what a 503 tells the client to wait, as the REST API's do. */
    GraphQlHttpEndpoint(WebGraphQlHandler graphQl, OperationReader reader, PersistedQueries persistedQueries,
            Duration retryAfter) {
        super(graphQl, reader);
        this.persistedQueries = persistedQueries;
        this.retryAfter = retryAfter;
    }

    @Override
    protected ServerResponse prepareResponse(ServerRequest request, reactor.core.publisher.Mono<WebGraphQlResponse> executed) {
        ResponseMode mode = ResponseMode.of(request);
        WebGraphQlResponse response = executed.block();
        if (response != null && response.isValid()) {
            persistedQueries.remember(request.servletRequest());
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

    /**
     * GraphQL over HTTP: 200 with data; without data, the status its first error's code stands for (GraphQL over
     * HTTP asks for "4xx or 5xx as appropriate"): a refusal is a 4xx, an unexpected failure 500, an outage 503.
     */
    static int status(ExecutionResult result) {
        if (result.isDataPresent() && result.getData() != null) {
            return 200;
        }
        return result.getErrors().isEmpty() ? 500 : GraphQlErrors.code(result.getErrors().getFirst()).status();
    }

    /** A refusal before execution, in the contract's error shape with the status {@link ResponseMode} allows. */
    ServerResponse refuse(ServerRequest request, ResponseMode mode, GraphQlRequestException refused) {
        var error = GraphQlErrors.of(refused.code(), refused.getMessage(), RequestIds.of(request.servletRequest()));
        ServerResponse.BodyBuilder response = builder(mode, refused.status());
        if (refused.code() == ErrorCode.METHOD_NOT_ALLOWED) {
            response.header(HttpHeaders.ALLOW, "POST");
        }
        return response.body(json.writeValueAsBytes(Map.of("errors", List.of(error.toSpecification()))));
    }

    private ServerResponse write(ResponseMode mode, int status, Map<String, Object> body) {
        ServerResponse.BodyBuilder response = builder(mode, status);
        if (mode.status(status) == 503) {
            response.header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfter.toSeconds())));
        }
        return response.body(results.write(body));
    }

    private static ServerResponse.BodyBuilder builder(ResponseMode mode, int status) {
        return ServerResponse.status(mode.status(status)).contentType(mode.contentType())
                .header(HttpHeaders.CACHE_CONTROL, "no-store");
    }
}
