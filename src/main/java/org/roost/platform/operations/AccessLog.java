package org.roost.platform.operations;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.roost.platform.web.FilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * One line per request on the {@code access} logger, as key-value pairs (JSON members under
 * structured logging). A filter rather than Tomcat's access log valve, so the line goes through the
 * same logging (format, destination) as the rest and carries the request id. The query string is
 * left out: it can hold authorization codes and state.
 */
@Component
@Order(FilterOrder.ACCESS_LOG)
class AccessLog extends OncePerRequestFilter {

    static final String LOGGER = "access";
    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long start = System.nanoTime();
        try {
            chain.doFilter(request, response);
        }
        finally {
            if (log.isInfoEnabled()) {
                long millis = (System.nanoTime() - start) / 1_000_000;
                log.atInfo().addKeyValue("method", request.getMethod()).addKeyValue("path", request.getRequestURI())
                        .addKeyValue("status", response.getStatus()).addKeyValue("duration_ms", millis)
                        .addKeyValue("address", request.getRemoteAddr())
                        .log("{} {} {} {}ms", request.getMethod(), request.getRequestURI(), response.getStatus(), millis);
            }
        }
    }
}
