package org.roost.platform.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.FieldViolation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.transaction.TransactionException;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.PropertyBindingException;

/**
 * The one place that maps every exception a controller can raise to the contract's error body. Spring MVC's own
 * exceptions come through {@link ResponseEntityExceptionHandler} (its list, kept current by the framework, including
 * a client that went away mid-answer, which needs no answer): each keeps its status and headers (such as
 * {@code Allow}), and those whose details a client can act on (an invalid field, an unreadable body, a missing
 * parameter) are overridden to name them. A feature adds headers to its own refusals through a
 * {@link RefusalHeaders} bean rather than an advice of its own. Anything unexpected is logged with the request id and
 * answered with a generic message.
 *
 * <p>The body is written by {@link ErrorResponses}, the writer the filters use too, rather than returned for
 * content negotiation: an error answers in JSON whatever the request's {@code Accept} header allows, and a
 * {@code null} entity tells the framework the response is complete.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    private final ErrorResponses errors;
    private final List<RefusalHeaders> refusalHeaders;

    ApiExceptionHandler(ErrorResponses errors, List<RefusalHeaders> refusalHeaders) {
        this.errors = errors;
        this.refusalHeaders = refusalHeaders;
    }

    @ExceptionHandler(ApiException.class)
    void api(ApiException ex, HttpServletRequest request, HttpServletResponse response) throws IOException {
        refusalHeaders.forEach(headers -> headers.add(ex, request, response));
        errors.write(request, response, ex);
    }

    /** Every framework exception without an override below: its status and headers, the contract's body. */
    @Override
    protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body,
            HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
        return answer(request, (servletRequest, response) -> {
            headers.forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
            errors.write(servletRequest, response, ErrorCode.forStatus(statusCode.value()), null);
        });
    }

    /** As every other framework refusal: without the framework's WARN line, a malformed request is no incident. */
    @Override
    protected @Nullable ResponseEntity<Object> handleHttpRequestMethodNotSupported(
            HttpRequestMethodNotSupportedException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return handleExceptionInternal(ex, null, headers, status, request);
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<FieldViolation> details = ex.getBindingResult().getFieldErrors().stream()
                .map(error -> new FieldViolation(JsonNames.of(error.getField()), message(error.getDefaultMessage())))
                .toList();
        return answer(request, (servletRequest, response) -> validation(servletRequest, response, details));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleHandlerMethodValidationException(
            HandlerMethodValidationException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<FieldViolation> details = ex.getParameterValidationResults().stream()
                .flatMap(result -> result.getResolvableErrors().stream()
                        .map(error -> new FieldViolation(parameterName(result), message(error.getDefaultMessage()))))
                .toList();
        return answer(request, (servletRequest, response) -> validation(servletRequest, response, details));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return answer(request, (servletRequest, response) -> unreadable(ex, servletRequest, response));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        String name = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName() : ex.getPropertyName();
        return answer(request, (servletRequest, response) -> errors.write(servletRequest, response,
                ErrorCode.MALFORMED_REQUEST, "A parameter has the wrong type.",
                List.of(new FieldViolation(name == null ? "parameter" : name, "has the wrong type")), null));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleMissingServletRequestParameter(
            MissingServletRequestParameterException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return answer(request, (servletRequest, response) -> validation(servletRequest, response,
                List.of(new FieldViolation(ex.getParameterName(), "is required"))));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleMissingServletRequestPart(MissingServletRequestPartException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return answer(request, (servletRequest, response) -> validation(servletRequest, response,
                List.of(new FieldViolation(ex.getRequestPartName(), "is required"))));
    }

    private interface Writing {

        void write(HttpServletRequest request, HttpServletResponse response) throws IOException;
    }

    /** Writes the answer itself; {@code null} tells the framework the response is complete. */
    private static @Nullable ResponseEntity<Object> answer(WebRequest request, Writing writing) {
        ServletWebRequest servlet = (ServletWebRequest) request;
        HttpServletResponse response = servlet.getResponse();
        if (response == null) {
            throw new IllegalStateException("No servlet response to write the error to");
        }
        try {
            writing.write(servlet.getRequest(), response);
        }
        catch (IOException clientGone) {
            throw new java.io.UncheckedIOException(clientGone);
        }
        return null;
    }

    private void unreadable(HttpMessageNotReadableException ex, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        switch (ex.getCause()) {
            case PropertyBindingException unknown -> validation(request, response, List.of(new FieldViolation(
                    path(unknown), "is not a field of this resource, or is read-only")));
            case StrictStringDeserializer.UnpairedSurrogate surrogate -> validation(request, response, List.of(
                    new FieldViolation(path(surrogate), "must be Unicode text without unpaired surrogates (\\ud800-\\udfff)")));
            case MismatchedInputException mismatch when !mismatch.getPath().isEmpty() ->
                    validation(request, response, List.of(new FieldViolation(path(mismatch), expected(mismatch))));
            // STRICT_DUPLICATE_DETECTION: still malformed JSON (RFC 8259 leaves its meaning open), with the key named
            case StreamReadException duplicate when duplicate.getOriginalMessage().startsWith("Duplicate Object property")
                    && duplicate.processor() instanceof JsonParser parser ->
                    errors.write(request, response, ErrorCode.MALFORMED_REQUEST, "The request body is not valid JSON.",
                            List.of(new FieldViolation(JsonPaths.of(parser.streamReadContext()), "appears more than once")),
                            null);
            case JacksonException parse -> errors.write(request, response, ErrorCode.MALFORMED_REQUEST,
                    "The request body is not valid JSON.");
            case null, default -> errors.write(request, response, ErrorCode.MALFORMED_REQUEST,
                    "The request body is missing or unreadable.");
        }
    }

    /**
     * A multipart body the container cannot parse (no boundary, cut short): the client's fault. The
     * DispatcherServlet parses any multipart request up front, whatever the endpoint (the fuzz test found
     * these as 500s). An upload over the size limit is an {@link ErrorResponse} (413), handled as such.
     */
    @ExceptionHandler(MultipartException.class)
    void multipart(MultipartException ex, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (ex instanceof ErrorResponse) { // not the framework's MaxUploadSizeExceededException, but any like it
            other(ex, request, response);
            return;
        }
        errors.write(request, response, ErrorCode.MALFORMED_REQUEST, "The multipart body could not be read.");
    }

    /**
     * Tomcat refuses a parameter it cannot decode (invalid UTF-8 such as {@code ?after=%ff}, a bad escape) when it
     * is first read, which may be inside a handler: the client's fault (a 500 until the fuzz test found it).
     */
    @ExceptionHandler(org.apache.tomcat.util.http.InvalidParameterException.class)
    void undecodableParameter(HttpServletRequest request, HttpServletResponse response) throws IOException {
        errors.write(request, response, ErrorCode.MALFORMED_REQUEST, "A parameter could not be decoded.");
    }

    @ExceptionHandler(AccessDeniedException.class)
    void denied(HttpServletRequest request, HttpServletResponse response) throws IOException {
        errors.write(request, response, ErrorCode.FORBIDDEN, null);
    }

    @ExceptionHandler(AuthenticationException.class)
    void unauthenticated(HttpServletRequest request, HttpServletResponse response) throws IOException {
        errors.write(request, response, ErrorCode.UNAUTHENTICATED, null);
    }

    /** Any data-access or transaction failure: a dependency being down is 503, anything else a bug. */
    @ExceptionHandler({ DataAccessException.class, TransactionException.class })
    void dataAccess(Exception ex, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (DependencyFailures.isUnavailable(ex)) {
            errors.unavailable(request, response, ex);
            return;
        }
        log.error("Unexpected data access failure (request {})", RequestIds.of(request), ex);
        errors.write(request, response, ErrorCode.INTERNAL_ERROR, null);
    }

    @ExceptionHandler(Exception.class)
    void other(Exception ex, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (ex instanceof ErrorResponse framework) {
            int status = framework.getStatusCode().value();
            framework.getHeaders().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
            errors.write(request, response, ErrorCode.forStatus(status), null);
            return;
        }
        if (DependencyFailures.isUnavailable(ex)) {
            errors.unavailable(request, response, ex);
            return;
        }
        log.error("Unexpected failure (request {})", RequestIds.of(request), ex);
        errors.write(request, response, ErrorCode.INTERNAL_ERROR, null);
    }

    private void validation(HttpServletRequest request, HttpServletResponse response, List<FieldViolation> details)
            throws IOException {
        errors.write(request, response, ErrorCode.VALIDATION_ERROR, null, details, null);
    }

    private static String path(JacksonException ex) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : ex.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            }
            else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }

    /** What the field takes, as JSON names it: scalars are not coerced into each other (StrictJsonConfig). */
    private static String expected(MismatchedInputException mismatch) {
        Class<?> type = mismatch.getTargetType();
        if (type == null) {
            return "has the wrong type";
        }
        if (type == String.class) {
            return "must be a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "must be true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "must be an integer";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "must be a number";
        }
        return "has the wrong type";
    }

    private static String parameterName(ParameterValidationResult result) {
        String name = result.getMethodParameter().getParameterName();
        return name == null ? "parameter" : JsonNames.of(name);
    }

    private static String message(@Nullable String message) {
        return message == null ? "is invalid" : message;
    }
}
