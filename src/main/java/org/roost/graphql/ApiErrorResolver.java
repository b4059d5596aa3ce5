package org.roost.graphql;

import java.util.List;

import graphql.GraphQLError;
import graphql.execution.AbortExecutionException;
import graphql.schema.DataFetchingEnvironment;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.FieldViolation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.execution.DataFetcherExceptionResolverAdapter;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.stereotype.Component;

/**
 * Maps what a resolver throws to the contract's codes, exactly as the REST error handler does;
 * anything unexpected is logged with the request id and answered with a generic message. A field cancelled at
 * the operation's deadline answers as graphql-java's own cancellation does ({@code QUERY_TOO_COMPLEX}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiErrorResolver extends DataFetcherExceptionResolverAdapter {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorResolver.class);

    @Override
    protected GraphQLError resolveToSingleError(Throwable ex, DataFetchingEnvironment env) {
        String requestId = env.getGraphQlContext().getOrDefault(ContextKeys.REQUEST_ID, "unknown");
        return switch (ex) {
            case ApiException api -> error(env, api.code(), api.getMessage(), api.details());
            case ConstraintViolationException invalid -> error(env, ErrorCode.VALIDATION_ERROR, null,
                    invalid.getConstraintViolations().stream().map(ApiErrorResolver::violation).toList());
            case AccessDeniedException denied -> error(env, ErrorCode.FORBIDDEN, null, List.of());
            case AuthenticationException unauthenticated -> error(env, ErrorCode.UNAUTHENTICATED, null, List.of());
            // The time budget ran out (roost.graphql.max-execution-time) while this field waited: the contract's refusal, not a
            // failure with a stack trace in the log for every field still pending (which, under overload, only
            // added to the load that made operations late)
            case AbortExecutionException abort when GraphQlErrors.isCancellation(abort) ->
                    error(env, ErrorCode.QUERY_TOO_COMPLEX, GraphQlErrors.OVER_BUDGET, List.of());
            case Throwable down when DependencyFailures.isUnavailable(down) -> unavailable(env, ex, requestId);
            default -> {
                log.error("Unexpected failure resolving {} (request {})", env.getExecutionStepInfo().getPath(), requestId, ex);
                yield error(env, ErrorCode.INTERNAL_ERROR, null, List.of());
            }
        };
    }

    private static GraphQLError unavailable(DataFetchingEnvironment env, Throwable ex, String requestId) {
        log.warn("A dependency is down (request {}): {}", requestId, ex.toString());
        return error(env, ErrorCode.SERVICE_UNAVAILABLE, null, List.of());
    }

    private static GraphQLError error(DataFetchingEnvironment env, ErrorCode code, @Nullable String message,
            List<FieldViolation> details) {
        return GraphQlErrors.builder(code, message, details).path(env.getExecutionStepInfo().getPath())
                .location(env.getField().getSourceLocation()).build();
    }

    /** {@code createPost.input.title} names the method, then the argument path the client wrote. */
    private static FieldViolation violation(ConstraintViolation<?> violation) {
        StringBuilder field = new StringBuilder();
        boolean method = true;
        for (Path.Node node : violation.getPropertyPath()) {
            if (method) {
                method = false;
                continue;
            }
            field.append(field.isEmpty() ? "" : ".").append(node.getName());
        }
        return new FieldViolation(field.toString(), violation.getMessage());
    }
}
