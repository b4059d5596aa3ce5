package org.roost.platform.web;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;

/**
 * Which path a request is for, the one answer every decision by path asks: the path within the application as
 * Spring's matchers see it, parsed by {@link RequestPath}, each segment decoded as UTF-8, matrix parameters dropped.
 * Deciding on {@code getRequestURI()} let {@code /%61pi/v1/...} reach {@code /api/v1/...}'s controller past the filter
 * guarding it (docs/security.md, "Paths"); {@code RequestPathDecisionsTest} keeps the raw URI out of decisions.
 * Worked out once per request, kept as an attribute keyed by the raw URI (a forward or error dispatch gets its own).
 */
public final class RequestPaths {

    private static final String ATTRIBUTE = RequestPaths.class.getName();

    private RequestPaths() {
    }

    /** The decoded path within the application, e.g. {@code /api/v1/users/1}. */
    public static String of(HttpServletRequest request) {
        String raw = request.getRequestURI();
        if (request.getAttribute(ATTRIBUTE) instanceof Resolved resolved && resolved.raw().equals(raw)) {
            return resolved.path();
        }
        String path = decode(raw, request.getContextPath());
        request.setAttribute(ATTRIBUTE, new Resolved(raw, path));
        return path;
    }

    /** Whether the request's path is {@code prefix} itself or lies under it ({@code /api} holds {@code /api/v1}). */
    public static boolean isUnder(HttpServletRequest request, String prefix) {
        String path = of(request);
        return path.equals(prefix) || (path.startsWith(prefix) && path.charAt(prefix.length()) == '/');
    }

    static String decode(String rawUri, String contextPath) {
        if (rawUri.indexOf('%') < 0 && rawUri.indexOf(';') < 0) { // the common case: nothing to decode
            return rawUri.substring(contextPath.length());
        }
        PathContainer within = RequestPath.parse(rawUri, contextPath).pathWithinApplication();
        StringBuilder path = new StringBuilder(rawUri.length());
        for (PathContainer.Element element : within.elements()) {
            path.append(element instanceof PathContainer.PathSegment segment ? segment.valueToMatch() : element.value());
        }
        return path.toString();
    }

    private record Resolved(String raw, String path) {
    }
}
