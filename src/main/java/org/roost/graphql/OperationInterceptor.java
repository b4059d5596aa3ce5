package org.roost.graphql;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import graphql.ExecutionResult;
import graphql.ExecutionResultImpl;
import graphql.introspection.Introspection;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.roost.platform.ratelimits.RateLimitCharge;
import org.roost.platform.ratelimits.SocketRateLimits;
import org.roost.gateway.publicreading.PublicReading;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.RequestLogContext;
import org.slf4j.MDC;
import org.springframework.graphql.execution.SubscriptionPublisherException;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.WebSocketGraphQlInterceptor;
import org.springframework.graphql.server.WebSocketGraphQlRequest;
import org.springframework.graphql.server.WebSocketSessionInfo;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs around every operation, whichever transport brought it: puts the caller and the request
 * id into the GraphQL context, gives every error its code and request id, and ends a
 * subscription whose credential stops holding (logout, password change, expiry). Subscriptions that
 * would see the same results share one execution ({@link SharedSubscriptions}).
 * WebSocket connections authenticate in {@code connection_init} (see {@link WebSocketCredentials}).
 * An operation on a WebSocket also puts its id into the log context of all the work it causes.
 */
@Component
class OperationInterceptor implements WebSocketGraphQlInterceptor {


    private final GraphQlSettings settings;
    private final WebSocketCredentials webSocketCredentials;
    private final CredentialCheck check;
    private final ContextSnapshotFactory snapshots = ContextSnapshotFactory.builder().build();
    private final SharedSubscriptions shared;
    private final SubscriptionPermits permits;
    private final SocketRateLimits socketRateLimits;

    OperationInterceptor(GraphQlSettings settings, WebSocketCredentials webSocketCredentials, CredentialCheck check,
            SharedSubscriptions shared, SubscriptionPermits permits, SocketRateLimits socketRateLimits) {
        this.permits = permits;
        this.socketRateLimits = socketRateLimits;
        this.settings = settings;
        this.webSocketCredentials = webSocketCredentials;
        this.check = check;
        this.shared = shared;
    }

    @Override
    public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
        Map<String, Object> attributes = request.getAttributes();
        String requestId = attributes.get(ContextKeys.REQUEST_ID_ATTRIBUTE) instanceof String id ? id : UUID.randomUUID().toString();
        // HTTP filters checked this request's credential just now; a WebSocket's was checked at connection_init.
        Credential credential = attributes.get(Credential.ATTRIBUTE) instanceof Credential c
                && (!(request instanceof WebSocketGraphQlRequest) || check.holds(c)) ? c : null;
        if (request.getDocument().length() > settings.maxDocumentSize().toBytes()) {
            return Mono.just(refused(request, requestId));
        }
        RateLimitCharge charge;
        try {
            charge = attributes.get(ContextKeys.RATE_LIMIT) instanceof RateLimitCharge http ? http : socketCharge(request, credential);
        }
        catch (ApiException overBudget) {
            return Mono.just(refusedStream(request, overBudget.code(), "You have sent more operations than your rate "
                    + "limit allows; try again later.", requestId));
        }
        request.configureExecutionInput((input, builder) -> builder.graphQLContext(context -> {
            context.put(ContextKeys.REQUEST_ID, requestId);
            context.put(Introspection.INTROSPECTION_DISABLED, !settings.introspection());
            if (credential != null) {
                context.put(ContextKeys.CALLER, credential.caller());
            }
            else if (readsAsVisitor(request)) {
                context.put(ContextKeys.CALLER, PublicReading.VISITOR);
            }
            if (charge != null) {
                context.put(ContextKeys.RATE_LIMIT, charge);
            }
        }).build());
        // Only a stream can hold a subscription open: those are counted against the caps from here to their end.
        Optional<Boolean> perCaller = streaming(request) ? PerCallerFields.inspect(request.getDocument(), request.getOperationName())
                : Optional.empty();
        SubscriptionPermits.Permit permit = null;
        if (perCaller.isPresent()) {
            switch (permits.acquire(request instanceof WebSocketGraphQlRequest socket ? socket.getSessionInfo().getId() : null,
                    credential == null ? null : credential.caller(), address(request))) {
                case SubscriptionPermits.Outcome.Refused refusal -> {
                    return Mono.just(refusedStream(request, ErrorCode.RATE_LIMITED, refusal.message(), requestId));
                }
                case SubscriptionPermits.Outcome.Granted granted -> permit = granted.permit();
            }
        }
        // A subscription joins those that see the same (one execution per event for all); the rest stays per request.
        Mono<WebGraphQlResponse> executed = credential == null || perCaller.isEmpty() ? chain.next(request)
                : shared.join(SharedSubscriptions.keyOf(request, credential.caller(), perCaller.get()), () -> chain.next(request));
        Mono<WebGraphQlResponse> execution = held(executed, permit).map(response -> response.transform(builder -> {
            builder.errors(GraphQlErrors.normalize(response.getExecutionResult().getErrors(), requestId, settings.fieldSuggestions()));
            if (response.getData() instanceof Publisher<?> stream) {
                builder.data(guard(stream, credential, requestId));
            }
        }));
        return request instanceof WebSocketGraphQlRequest ? execution.contextWrite(operation(request.getId())::updateContext)
                : execution;
    }

    /**
     * A query over HTTP without any credential, while public reading is on (the transport said so): it reads as a
     * visitor. A mutation or subscription keeps no caller, so it still answers UNAUTHENTICATED.
     */
    private static boolean readsAsVisitor(WebGraphQlRequest request) {
        return !(request instanceof WebSocketGraphQlRequest)
                && Boolean.TRUE.equals(request.getAttributes().get(PublicReading.VISITOR_ATTRIBUTE))
                && PerCallerFields.operationOf(request.getDocument(), request.getOperationName())
                        .filter(operation -> operation == graphql.language.OperationDefinition.Operation.QUERY).isPresent();
    }

    /** A WebSocket operation pays its caller's budget like an HTTP request; over HTTP the filter has charged already. */
    private @Nullable RateLimitCharge socketCharge(WebGraphQlRequest request, @Nullable Credential credential) {
        return request instanceof WebSocketGraphQlRequest
                ? socketRateLimits.operation(credential == null ? null : credential.caller(), address(request)).orElse(null)
                : null;
    }

    private static boolean streaming(WebGraphQlRequest request) {
        if (request instanceof WebSocketGraphQlRequest) {
            return true;
        }
        try {
            return request.getHeaders().getAccept().stream().anyMatch(MediaType.TEXT_EVENT_STREAM::isCompatibleWith);
        }
        catch (org.springframework.http.InvalidMediaTypeException unreadable) {
            return false; // the endpoint answers such an Accept as JSON: no stream
        }
    }

    private static String address(WebGraphQlRequest request) {
        InetSocketAddress remote = request instanceof WebSocketGraphQlRequest socket && request.getRemoteAddress() == null
                ? socket.getSessionInfo().getRemoteAddress() : request.getRemoteAddress();
        return remote == null ? "unknown" : remote.getAddress() == null ? remote.getHostString() : remote.getAddress().getHostAddress();
    }

    /** The permit is given back when the stream ends, or at once when there is no stream (an error, a cancelled start). */
    private static Mono<WebGraphQlResponse> held(Mono<WebGraphQlResponse> executed, SubscriptionPermits.@Nullable Permit permit) {
        if (permit == null) {
            return executed;
        }
        AtomicBoolean streamed = new AtomicBoolean();
        return executed.map(response -> {
            if (!(response.getData() instanceof Publisher<?> stream)) {
                return response;
            }
            streamed.set(true);
            return response.transform(builder -> builder.data(Flux.from(stream).doFinally(signal -> permit.release())));
        }).doFinally(signal -> {
            if (!streamed.get()) {
                permit.release();
            }
        });
    }

    /**
     * Refused before anything runs, in the protocol's own way: a stream that fails with the error, which a WebSocket
     * sends as an {@code error} message for the operation, and Server-Sent Events as a last {@code next} event.
     */
    private static WebGraphQlResponse refusedStream(WebGraphQlRequest request, ErrorCode code, String message, String requestId) {
        var error = GraphQlErrors.of(code, message, requestId);
        var result = ExecutionResultImpl.newExecutionResult()
                .data(Flux.error(new SubscriptionPublisherException(List.of(error), null))).build();
        return new WebGraphQlResponse(new org.springframework.graphql.support.DefaultExecutionGraphQlResponse(
                request.toExecutionInput(), result));
    }

    /** This thread's context (the connection's request id) with the operation's id added, for all its work. */
    private ContextSnapshot operation(String operationId) {
        try (MDC.MDCCloseable id = MDC.putCloseable(RequestLogContext.OPERATION_ID, operationId)) {
            return snapshots.captureAll();
        }
    }

    private WebGraphQlResponse refused(WebGraphQlRequest request, String requestId) {
        var error = GraphQlErrors.of(ErrorCode.QUERY_TOO_COMPLEX,
                "The document is longer than " + settings.maxDocumentSize().toBytes() + " bytes.", requestId);
        var result = ExecutionResultImpl.newExecutionResult().addError(error).build();
        return new WebGraphQlResponse(new org.springframework.graphql.support.DefaultExecutionGraphQlResponse(
                request.toExecutionInput(), result));
    }

    /** Each event re-checks the credential, and so does a timer, so a quiet stream also ends. */
    @SuppressWarnings("unchecked")
    private Flux<ExecutionResult> guard(Publisher<?> stream, @Nullable Credential credential, String requestId) {
        BooleanSupplier holds = credential == null ? () -> true : check.prepare(credential);
        Flux<ExecutionResult> events = Flux.from((Publisher<ExecutionResult>) stream)
                .map(result -> {
                    if (!holds.getAsBoolean()) {
                        throw ended(requestId);
                    }
                    return normalize(result, requestId);
                })
                .onErrorMap(SubscriptionPublisherException.class, ex -> new SubscriptionPublisherException(
                        GraphQlErrors.normalize(ex.getErrors(), requestId, settings.fieldSuggestions()), ex.getCause()));
        if (credential == null) {
            return events;
        }
        // takeUntilOther, not a merge: this runs for every subscriber on every event, and a merge queues each one
        AtomicBoolean expired = new AtomicBoolean();
        Mono<Long> expiry = Flux.interval(settings.sessionCheckInterval())
                .filter(tick -> !holds.getAsBoolean()).next()
                .doOnNext(tick -> expired.set(true));
        return events.takeUntilOther(expiry)
                .concatWith(Mono.defer(() -> expired.get() ? Mono.error(ended(requestId)) : Mono.empty()));
    }

    private ExecutionResult normalize(ExecutionResult result, String requestId) {
        if (result.getErrors().isEmpty()) {
            return result;
        }
        return result.transform(builder -> builder.errors(
                GraphQlErrors.normalize(result.getErrors(), requestId, settings.fieldSuggestions())));
    }

    private static SubscriptionPublisherException ended(String requestId) {
        return new SubscriptionPublisherException(List.of(GraphQlErrors.of(ErrorCode.UNAUTHENTICATED,
                "The credential of this subscription has ended.", requestId)), null);
    }

    @Override
    public Mono<Object> handleConnectionInitialization(WebSocketSessionInfo sessionInfo, Map<String, Object> payload) {
        return Mono.fromCallable(() -> {
            Credential credential = webSocketCredentials.authenticate(sessionInfo.getAttributes(), payload)
                    .filter(check::holds)
                    .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED.defaultMessage()));
            sessionInfo.getAttributes().put(Credential.ATTRIBUTE, credential);
            return Map.of();
        });
    }
}
