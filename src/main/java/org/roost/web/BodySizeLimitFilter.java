package org.roost.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.shared.ErrorCode;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses an oversized JSON body before anything reads it; multipart uploads are bounded by the
 * container's multipart limits instead. A body without a length is bounded by Tomcat's limits.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class BodySizeLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;
    private final ErrorResponses errors;

    BodySizeLimitFilter(ApiProperties properties, ErrorResponses errors) {
        this.maxBytes = properties.maxBodySize().toBytes();
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String type = request.getContentType();
        boolean multipart = type != null && type.toLowerCase().startsWith("multipart/");
        if (!multipart && request.getContentLengthLong() > maxBytes) {
            errors.write(request, response, ErrorCode.PAYLOAD_TOO_LARGE,
                    "The request body is larger than " + maxBytes + " bytes.");
            return;
        }
        chain.doFilter(request, response);
    }
}
