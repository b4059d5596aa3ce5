package org.roost.platform.origin;

import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.RequestPaths;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses, before any handler or security filter, a request whose {@code Host} names a host this service is not
 * reached by (400), as Django's {@code ALLOWED_HOSTS} does. Without it, anything built from the request (the
 * authorization server's issuer and redirects when no issuer is configured) would follow a forged {@code Host}.
 * Spring and Tomcat have no such list: Tomcat's {@code allowHostHeaderMismatch} only compares the header with an
 * absolute request target.
 */
@Component
@Order(FilterOrder.ALLOWED_HOSTS)
class AllowedHostsFilter extends OncePerRequestFilter {

    private final PublicOrigin origin;
    private final ErrorResponses errors;

    AllowedHostsFilter(PublicOrigin origin, ErrorResponses errors) {
        this.origin = origin;
        this.errors = errors;
    }

    /**
     * Health is read by infrastructure that addresses an instance by its own address (a kubelet's probe names the
     * pod's IP), and its answer holds no URL: nothing there can follow a forged {@code Host}.
     */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = RequestPaths.of(request);
        return path.equals("/actuator/health") || path.startsWith("/actuator/health/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // The name Tomcat took from the Host header (or the absolute request target, which must agree with it)
        if (!origin.allowsHost(request.getServerName())) {
            errors.writeBeforeSecurity(request, response, ErrorCode.MALFORMED_REQUEST,
                    "The Host header names a host this service is not reached by.");
            return;
        }
        chain.doFilter(request, response);
    }
}
