package org.roost.platform.web;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.FieldViolation;
import org.roost.platform.shared.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the contract's error body straight to the response. Writing it ourselves, rather than
 * through content negotiation, means a client that accepts only HTML still learns what went wrong,
 * and filters outside Spring MVC (security, size limits) answer exactly like controllers.
 */
@Component
public class ErrorResponses {

    private static final Logger log = LoggerFactory.getLogger(ErrorResponses.class);

    private final JsonMapper jsonMapper;
    private final Clock clock;
    private final Duration retryAfter;

    ErrorResponses(JsonMapper jsonMapper, Clock clock, UnavailableProperties unavailable) {
        this.jsonMapper = jsonMapper;
        this.clock = clock;
        this.retryAfter = unavailable.retryAfter();
    }

    /**
     * {@code 503 SERVICE_UNAVAILABLE} with {@code Retry-After}, for a database or Redis failure
     * (see {@link org.roost.platform.shared.DependencyFailures}). One line in the log, no stack trace: during
     * an outage every request fails the same way, and the cause is what an operator needs.
     */
    public void unavailable(HttpServletRequest request, HttpServletResponse response, Throwable failure)
            throws IOException {
        log.warn("Dependency unavailable (request {} {} {}): {}", RequestIds.of(request), request.getMethod(),
                request.getRequestURI(), DependencyFailures.describe(failure));
        write(request, response, ErrorCode.SERVICE_UNAVAILABLE, null, List.of(), retryAfter);
    }

    /** How long a client is told to wait after a {@code 503}. */
    public Duration retryAfter() {
        return retryAfter;
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiException ex) throws IOException {
        write(request, response, ex.code(), ex.getMessage(), ex.details(), ex.retryAfter(),
                ex instanceof SecondFactorRequired due ? due.step() : null);
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, @Nullable String message)
            throws IOException {
        write(request, response, code, message, List.of(), null);
    }

    /**
     * For a refusal made before any security filter chain ran (the firewall's): the body, plus the security headers
     * a chain would have written.
     */
    public void writeBeforeSecurity(HttpServletRequest request, HttpServletResponse response, ErrorCode code,
            @Nullable String message) throws IOException {
        if (!response.isCommitted()) {
            SecurityHeaders.write(request, response);
        }
        write(request, response, code, message);
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, @Nullable String message,
            List<FieldViolation> details, @Nullable Duration retryAfter) throws IOException {
        write(request, response, code, message, details, retryAfter, null);
    }

    private void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, @Nullable String message,
            List<FieldViolation> details, @Nullable Duration retryAfter, SecondFactorRequired.@Nullable Step step)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(code.status());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        response.setHeader(HttpHeaders.ETAG, null);
        Duration wait = retryAfter == null && code == ErrorCode.SERVICE_UNAVAILABLE ? this.retryAfter : retryAfter;
        if (wait != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, wait.toSeconds())));
        }
        ErrorBody body = body(request, code, message, details);
        jsonMapper.writeValue(response.getOutputStream(), step == null ? body
                : new ErrorBody(body.error(), body.requestId(), body.timestamp(), step));
        response.flushBuffer();
    }

    ErrorBody body(HttpServletRequest request, ErrorCode code, @Nullable String message, List<FieldViolation> details) {
        String text = message == null || message.isBlank() ? code.defaultMessage() : message;
        return new ErrorBody(new ErrorBody.Error(code.name(), text, details), RequestIds.of(request),
                Timestamps.format(clock.instant()), null);
    }
}
