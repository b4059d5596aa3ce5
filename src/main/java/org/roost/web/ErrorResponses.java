package org.roost.web;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.shared.ApiException;
import org.roost.shared.ErrorCode;
import org.roost.shared.FieldViolation;
import org.roost.shared.Timestamps;
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

    private final JsonMapper jsonMapper;
    private final Clock clock;

    ErrorResponses(JsonMapper jsonMapper, Clock clock) {
        this.jsonMapper = jsonMapper;
        this.clock = clock;
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiException ex) throws IOException {
        write(request, response, ex.code(), ex.getMessage(), ex.details(), ex.retryAfter());
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, @Nullable String message)
            throws IOException {
        write(request, response, code, message, List.of(), null);
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, @Nullable String message,
            List<FieldViolation> details, @Nullable Duration retryAfter) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(code.status());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        response.setHeader(HttpHeaders.ETAG, null);
        if (retryAfter != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfter.toSeconds())));
        }
        jsonMapper.writeValue(response.getOutputStream(), body(request, code, message, details));
        response.flushBuffer();
    }

    ErrorBody body(HttpServletRequest request, ErrorCode code, @Nullable String message, List<FieldViolation> details) {
        String text = message == null || message.isBlank() ? code.defaultMessage() : message;
        return new ErrorBody(new ErrorBody.Error(code.name(), text, details), RequestIds.of(request),
                Timestamps.format(clock.instant()));
    }
}
