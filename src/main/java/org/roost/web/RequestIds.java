package org.roost.web;

import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/** The id of the current request, as the {@code X-Request-Id} header reports it. */
public final class RequestIds {

    static final String ATTRIBUTE = RequestIds.class.getName();

    private RequestIds() {
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
