package org.roost.platform.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.DependencyFailures;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers {@code 503} with {@code Retry-After} for a database or Redis failure raised outside
 * Spring MVC: in Spring Session's filter (reading the session before the request, saving it
 * after), in the security filters (a session-held security context, the authorization server's
 * endpoints) or in a transaction completing after the handler. Without it those reach the servlet
 * container as a bare {@code 500}, and its error dispatch would hit the failed store again.
 * Ordered after {@link RequestIdFilter} (the body carries the request id) and just before Spring
 * Session's {@code SessionRepositoryFilter} ({@code Integer.MIN_VALUE + 50}).
 */
@Component
@Order(FilterOrder.DEPENDENCY_FAILURES)
class DependencyFailureFilter extends OncePerRequestFilter {


    private final ErrorResponses errors;

    DependencyFailureFilter(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        }
        catch (ServletException | IOException | RuntimeException ex) {
            if (!DependencyFailures.isUnavailable(ex) || response.isCommitted()) {
                throw ex;
            }
            errors.unavailable(request, response, ex);
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
