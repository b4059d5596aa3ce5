package org.roost.platform.requestbody;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a {@code Content-Type} that is a media range ({@code *}{@code /*}, {@code application/*}) with 415:
 * a body has one type (RFC 9110, 8.3), ranges belong in {@code Accept}. Let through, such a header made
 * Spring's functional routing (consulted for every request, because of /graphql) fail while copying the
 * request's charset onto it, and every endpoint answered 500 (found by the endpoint fuzz test).
 */
@Component
@Order(FilterOrder.MEDIA_RANGE_CONTENT_TYPE)
class MediaRangeContentTypeFilter extends OncePerRequestFilter {

    private final ErrorResponses errors;

    MediaRangeContentTypeFilter(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (isMediaRange(request.getContentType())) {
            errors.write(request, response, ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type must name one media type, not a range such as */*.");
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean isMediaRange(@org.jspecify.annotations.Nullable String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return false;
        }
        try {
            return !MediaType.parseMediaType(contentType).isConcrete();
        }
        catch (InvalidMediaTypeException ex) {
            return false; // unparseable: refused further in, where the type is needed (415 or 400)
        }
    }
}
