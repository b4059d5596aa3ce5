package org.roost.platform.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.MDC;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id, first of all filters, so that even the security layer's errors
 * carry it. A client's id is reused only when it cannot smuggle anything into logs or headers.
 */
@Component
@Order(FilterOrder.REQUEST_ID)
class RequestIdFilter extends OncePerRequestFilter {

    static final String HEADER = RequestIds.HEADER;

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = RequestIds.fromClient(request.getHeader(HEADER));
        request.setAttribute(RequestIds.ATTRIBUTE, id);
        response.setHeader(HEADER, id);
        MDC.put(RequestLogContext.REQUEST_ID, id);
        try {
            chain.doFilter(request, response);
        }
        finally {
            MDC.remove(RequestLogContext.REQUEST_ID);
        }
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }
}
