package org.roost.platform.requestbody;

import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ApiProperties;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import org.springframework.boot.servlet.autoconfigure.MultipartProperties;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * One body limit, however the body arrives. A declared length over the limit is refused before
 * anything reads it. A body without a length (chunked) is read here, at most one byte past the
 * limit, and handed on from memory, so nothing downstream (Jackson, GraphQL) can read more.
 * Forms are parsed by Tomcat, which bounds them by {@code server.tomcat.max-http-form-post-size}
 * and reports an overflow in a request attribute we turn into 413; multipart uploads are counted by
 * the container's multipart parser against {@code spring.servlet.multipart.max-request-size}.
 */
@Component
@Order(FilterOrder.BODY_SIZE_LIMIT)
class BodySizeLimitFilter extends OncePerRequestFilter {

    /** Tomcat's {@code Globals.PARAMETER_PARSE_FAILED_REASON_ATTR}. */
    static final String PARSE_FAILED_REASON = "org.apache.catalina.parameter_parse_failed_reason";

    private final long maxBytes;
    private final long maxMultipartBytes;
    private final ErrorResponses errors;

    BodySizeLimitFilter(ApiProperties properties, MultipartProperties multipart, ErrorResponses errors) {
        this.maxBytes = properties.maxBodySize().toBytes();
        this.maxMultipartBytes = multipart.getMaxRequestSize().toBytes();
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String type = request.getContentType() == null ? "" : request.getContentType().toLowerCase();
        boolean multipart = type.startsWith("multipart/");
        long limit = multipart ? maxMultipartBytes : maxBytes;
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            tooLarge(request, response, limit);
            return;
        }
        if (type.startsWith("application/x-www-form-urlencoded")) {
            request.getParameterNames();
            if (String.valueOf(request.getAttribute(PARSE_FAILED_REASON)).equals("POST_TOO_LARGE")) {
                tooLarge(request, response, limit);
                return;
            }
        }
        else if (declared < 0 && !multipart && hasBody(request)) {
            byte[] body = BoundedBody.readPast(request.getInputStream(), limit);
            if (body.length > limit) {
                tooLarge(request, response, limit);
                return;
            }
            chain.doFilter(new BufferedBodyRequest(request, body), response);
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getHeader("Transfer-Encoding") != null;
    }

    private void tooLarge(HttpServletRequest request, HttpServletResponse response, long limit) throws IOException {
        // Tell the client to stop sending, rather than reading (swallowing) the rest of a huge body.
        response.setHeader("Connection", "close");
        errors.write(request, response, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + limit + " bytes.");
    }
}
