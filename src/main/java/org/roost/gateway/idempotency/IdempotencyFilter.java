package org.roost.gateway.idempotency;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.gateway.security.Callers;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.FieldViolation;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.requestbody.BoundedBody;
import org.roost.platform.requestbody.BufferedBodyRequest;
import org.roost.platform.web.FilterOrder;
import org.roost.platform.web.RequestPaths;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * {@code Idempotency-Key} on the API's creating POSTs (JSON bodies; multipart uploads replace, so a
 * repeat is harmless already). Runs after Spring Security (order -100), so the caller is known and
 * keys are scoped per caller; runs outside the ETag filter, so a replay repeats the first ETag.
 * The first response is stored unless it is worth retrying (5xx, 408, 429), which frees the key.
 */
@Component
@Order(FilterOrder.IDEMPOTENCY)
class IdempotencyFilter extends OncePerRequestFilter {

    static final String HEADER = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";
    private static final int MAX_KEY_LENGTH = 255;

    private final IdempotencyStore store;
    private final ErrorResponses errors;
    private final long maxBodyBytes;

    IdempotencyFilter(IdempotencyStore store, ErrorResponses errors, IdempotencyProperties properties) {
        this.store = store;
        this.errors = errors;
        this.maxBodyBytes = properties.maxBodySize().toBytes();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = RequestPaths.of(request);
        String type = request.getContentType();
        return !"POST".equals(request.getMethod()) || request.getHeader(HEADER) == null
                || !(path.startsWith(ApiPaths.UNVERSIONED + "/"))
                || (type != null && type.toLowerCase().startsWith("multipart/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String key = key(request.getHeader(HEADER));
        if (key == null) {
            errors.write(request, response, ErrorCode.VALIDATION_ERROR, "The Idempotency-Key header is invalid.",
                    List.of(new FieldViolation(HEADER, "must be 1 to 255 visible ASCII characters")), null);
            return;
        }
        byte[] body = BoundedBody.readPast(request.getInputStream(), maxBodyBytes);
        if (body.length > maxBodyBytes) {
            errors.write(request, response, ErrorCode.PAYLOAD_TOO_LARGE,
                    "The request body is larger than " + maxBodyBytes + " bytes.");
            return;
        }
        String caller = caller();
        String fingerprint = fingerprint(request, body);
        if (!store.claim(caller, key, fingerprint)) {
            answerRepeat(request, response, store.find(caller, key), fingerprint);
            return;
        }
        ContentCachingResponseWrapper captured = new ContentCachingResponseWrapper(response);
        boolean stored = false;
        try {
            chain.doFilter(new BufferedBodyRequest(request, body), captured);
            int status = captured.getStatus();
            if (status < 500 && status != 408 && status != 429) {
                store.complete(caller, key, new IdempotencyStore.Response(status, captured.getContentType(),
                        captured.getHeader(HttpHeaders.LOCATION), captured.getHeader(HttpHeaders.ETAG),
                        new String(captured.getContentAsByteArray(), StandardCharsets.UTF_8)));
                stored = true;
            }
        }
        finally {
            if (!stored) {
                store.release(caller, key);
            }
            captured.copyBodyToResponse();
        }
    }

    private void answerRepeat(HttpServletRequest request, HttpServletResponse response,
            Optional<IdempotencyStore.Entry> found, String fingerprint) throws IOException {
        if (found.isEmpty() || found.get().status() == null) {
            // Still running (or released a moment ago): the client should simply try again shortly.
            errors.write(request, response, ErrorCode.IDEMPOTENCY_KEY_IN_USE, null, List.of(), Duration.ofSeconds(1));
            return;
        }
        IdempotencyStore.Entry entry = found.get();
        if (!entry.fingerprint().equals(fingerprint)) {
            errors.write(request, response, ErrorCode.IDEMPOTENCY_KEY_REUSED, null);
            return;
        }
        response.setStatus(entry.status());
        response.setHeader(REPLAYED, "true");
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (entry.contentType() != null) {
            response.setContentType(entry.contentType());
        }
        if (entry.location() != null) {
            response.setHeader(HttpHeaders.LOCATION, entry.location());
        }
        if (entry.etag() != null) {
            response.setHeader(HttpHeaders.ETAG, entry.etag());
        }
        byte[] bytes = entry.body() == null ? new byte[0] : entry.body().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** The draft makes the value a structured-field string ({@code "..."}); a bare token is accepted too. */
    static @Nullable String key(String header) {
        String value = header.strip();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        if (value.isEmpty() || value.length() > MAX_KEY_LENGTH || !value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return null;
        }
        return value;
    }

    private static String caller() {
        return Callers.from(SecurityContextHolder.getContext().getAuthentication()).map(Caller::key).orElse("anonymous");
    }

    /** Method, path, query and body: the same key on another request is a client error, not a repeat. */
    private static String fingerprint(HttpServletRequest request, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((request.getMethod() + " " + RequestPaths.of(request) + "?"
                    + (request.getQueryString() == null ? "" : request.getQueryString()) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest(body));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
