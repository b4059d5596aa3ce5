package org.roost.platform.web;

import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.web.context.request.RequestAttributes;
import org.jspecify.annotations.Nullable;
import org.springframework.web.context.request.RequestContextHolder;

/** The id of the current request, as the {@code X-Request-Id} header reports it. */
public final class RequestIds {

    /** The header that carries a request's id, both ways. */
    public static final String HEADER = "X-Request-Id";

    static final String ATTRIBUTE = RequestIds.class.getName();
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private RequestIds() {
    }

    /** The client's id when it cannot smuggle anything into logs or headers, otherwise a fresh one. */
    static String fromClient(@Nullable String incoming) {
        return incoming != null && SAFE.matcher(incoming).matches() ? incoming : UUID.randomUUID().toString();
    }

    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        return id instanceof String s ? s : UUID.randomUUID().toString();
    }

    /** For code without the request at hand (GraphQL resolvers); outside a request, a fresh id. */
    public static String current() {
        RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
        Object id = attributes == null ? null : attributes.getAttribute(ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
        return id instanceof String s ? s : UUID.randomUUID().toString();
    }
}
