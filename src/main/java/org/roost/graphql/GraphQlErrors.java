package org.roost.graphql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.InvalidSyntaxError;
import graphql.validation.ValidationError;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.FieldViolation;
import org.springframework.graphql.execution.ErrorType;

/**
 * The one shape of a GraphQL error: {@code message}, {@code locations}, {@code path} and
 * {@code extensions.code} (a code of the error contract) plus {@code extensions.request_id}.
 * Errors raised by graphql-java itself (syntax, validation, coercion) get their code here.
 */
public final class GraphQlErrors {

    static final String CODE = "code";
    static final String REQUEST_ID = "request_id";
    static final String OVER_BUDGET = "The operation ran longer than its time budget and was stopped; ask for less.";
    private static final Pattern SUGGESTION = Pattern.compile("\\s*Did you mean[^?]*\\?");

    private GraphQlErrors() {
    }

    public static GraphqlErrorBuilder<?> builder(ErrorCode code, @Nullable String message, List<FieldViolation> details) {
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put(CODE, code.name());
        if (!details.isEmpty()) {
            extensions.put("details", details.stream().map(d -> Map.of("field", d.field(), "message", d.message())).toList());
        }
        return GraphqlErrorBuilder.newError().message(message == null || message.isBlank() ? code.defaultMessage() : message)
                .errorType(classification(code)).extensions(extensions);
    }

    /** graphql-java's own cancellation, which the time budget ({@code roost.graphql.max-execution-time}) triggers. */
    static boolean isCancellation(GraphQLError error) {
        return error instanceof graphql.execution.AbortExecutionException abort && abort.getExtensions() == null;
    }

    /** A request-level error (no path): the request was refused before anything ran. */
    public static GraphQLError of(ErrorCode code, @Nullable String message, String requestId) {
        return normalize(builder(code, message, List.of()).build(), requestId, true);
    }

    static List<GraphQLError> normalize(List<GraphQLError> errors, String requestId, boolean suggestions) {
        return errors.stream().map(error -> normalize(error, requestId, suggestions)).toList();
    }

    static GraphQLError normalize(GraphQLError error, String requestId, boolean suggestions) {
        Map<String, Object> extensions = new LinkedHashMap<>();
        if (error.getExtensions() != null) {
            extensions.putAll(error.getExtensions());
        }
        extensions.putIfAbsent(CODE, code(error).name());
        extensions.put(REQUEST_ID, requestId);
        String message = error.getMessage() == null ? code(error).defaultMessage() : error.getMessage();
        if (isCancellation(error)) {
            message = OVER_BUDGET;
        }
        GraphqlErrorBuilder<?> builder = GraphqlErrorBuilder.newError()
                .message(suggestions ? message : SUGGESTION.matcher(message).replaceAll(""))
                .locations(error.getLocations()).errorType(error.getErrorType()).extensions(extensions);
        if (error.getPath() != null) {
            builder.path(error.getPath());
        }
        return builder.build();
    }

    public static ErrorCode code(GraphQLError error) {
        if (error.getExtensions() != null && error.getExtensions().get(CODE) instanceof String code) {
            try {
                return ErrorCode.valueOf(code);
            }
            catch (IllegalArgumentException foreign) {
                // a code from elsewhere: classify by type below
            }
        }
        if (error instanceof InvalidSyntaxError) {
            return ErrorCode.MALFORMED_REQUEST;
        }
        if (error instanceof ValidationError) {
            return ErrorCode.VALIDATION_ERROR;
        }
        if (error instanceof graphql.introspection.IntrospectionDisabledError) {
            return ErrorCode.FORBIDDEN;
        }
        // graphql-java's own refusals: a bad-faith introspection query, an execution cancelled at its deadline
        if (error instanceof graphql.introspection.GoodFaithIntrospection.BadFaithIntrospectionError
                || isCancellation(error)) {
            return ErrorCode.QUERY_TOO_COMPLEX;
        }
        ErrorClassification type = error.getErrorType();
        if (type == ErrorType.UNAUTHORIZED) {
            return ErrorCode.UNAUTHENTICATED;
        }
        if (type == ErrorType.FORBIDDEN) {
            return ErrorCode.FORBIDDEN;
        }
        if (type == ErrorType.NOT_FOUND) {
            return ErrorCode.NOT_FOUND;
        }
        if (type == ErrorType.BAD_REQUEST || type == graphql.ErrorType.ValidationError
                || type == graphql.ErrorType.InvalidSyntax) {
            return type == graphql.ErrorType.InvalidSyntax ? ErrorCode.MALFORMED_REQUEST : ErrorCode.VALIDATION_ERROR;
        }
        return ErrorCode.INTERNAL_ERROR;
    }

    static ErrorClassification classification(ErrorCode code) {
        return switch (code) {
            case VALIDATION_ERROR, MALFORMED_REQUEST, QUERY_TOO_COMPLEX, CONFLICT, PRECONDITION_FAILED,
                    PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, METHOD_NOT_ALLOWED, NOT_ACCEPTABLE, IDEMPOTENCY_KEY_IN_USE,
                    IDEMPOTENCY_KEY_REUSED, NOT_IMPLEMENTED, HTTP_VERSION_NOT_SUPPORTED -> ErrorType.BAD_REQUEST;
            case UNAUTHENTICATED, INVALID_CREDENTIALS, INVALID_TOKEN, SECOND_FACTOR_REQUIRED -> ErrorType.UNAUTHORIZED;
            case FORBIDDEN, CSRF_TOKEN_INVALID, INSUFFICIENT_SCOPE, REAUTHENTICATION_REQUIRED, RATE_LIMITED -> ErrorType.FORBIDDEN;
            case NOT_FOUND -> ErrorType.NOT_FOUND;
            case INTERNAL_ERROR, SERVICE_UNAVAILABLE -> ErrorType.INTERNAL_ERROR;
        };
    }
}
