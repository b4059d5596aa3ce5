package org.roost.gateway.webapp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.web.RequestPaths;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * A page, not JSON, for a browser that navigates to an address nothing serves: a GET whose Accept names
 * {@code text/html} (what browsers send for a page, never for a script, image or fetch), outside the API's paths.
 * A resolver rather than an {@code @ExceptionHandler} because it must decline every other request, which then keeps
 * the API's JSON 404 from the error contract.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class NotFoundPage implements HandlerExceptionResolver {

    private static final String[] API_PATHS = { "/api/", "/auth/", "/graphql", "/oauth2/", "/actuator", "/v3/", "/userinfo",
            "/connect/", "/.well-known/" };

    private final byte[] page;

    NotFoundPage() {
        try {
            page = new ClassPathResource("webapp/not-found.html").getContentAsByteArray();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public @Nullable ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response,
            @Nullable Object handler, Exception ex) {
        if (!(ex instanceof NoResourceFoundException) || !"GET".equals(request.getMethod()) || !navigates(request)) {
            return null;
        }
        try {
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
            response.setContentType(MediaType.TEXT_HTML_VALUE + ";charset=" + StandardCharsets.UTF_8.name());
            response.setHeader("Content-Security-Policy", WebAppSecurity.POLICY);
            response.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
            response.getOutputStream().write(page);
            return new ModelAndView();
        }
        catch (IOException failed) {
            return null;
        }
    }

    private static boolean navigates(HttpServletRequest request) {
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        String path = RequestPaths.of(request);
        for (String api : API_PATHS) {
            if (path.startsWith(api)) {
                return false;
            }
        }
        return accept != null && accept.contains(MediaType.TEXT_HTML_VALUE);
    }
}
