package org.roost.auth;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.shared.ApiException;
import org.roost.web.ErrorResponses;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Charges every /api and /graphql request to its caller's bucket (the user, the OAuth client, or
 * the address when anonymous) and says so in the IETF draft's {@code RateLimit-Policy} and
 * {@code RateLimit} headers; an empty bucket answers {@code 429 RATE_LIMITED} with {@code Retry-After}.
 * A GraphQL operation pays a base here and the rest by its computed cost ({@link RateLimitCharge}).
 * It runs inside the API filter chain, after authentication, so it knows who is calling.
 */
final class RateLimitFilter extends OncePerRequestFilter {

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;

    RateLimitFilter(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        return !properties.enabled() || !(path.startsWith("/api/") || path.equals("/graphql"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RateLimitCharge charge = new RateLimitCharge(properties, buckets, callerKey(request), response);
        try {
            charge.take(cost(request));
        }
        catch (ApiException refused) {
            charge.publish();
            errors.write(request, response, refused);
            return;
        }
        charge.publish();
        if (isGraphQl(request)) {
            // The rest of an operation's cost is charged once its document is parsed (graphql.QueryLimits).
            charge.attachTo(request);
        }
        chain.doFilter(request, response);
    }

    private long cost(HttpServletRequest request) {
        if (isGraphQl(request)) {
            return properties.graphQlCost();
        }
        String method = request.getMethod();
        return "GET".equals(method) || "HEAD".equals(method) ? properties.readCost() : properties.writeCost();
    }

    private static String callerKey(HttpServletRequest request) {
        return RateLimitCharge.callerKey(Callers.from(SecurityContextHolder.getContext().getAuthentication()),
                request.getRemoteAddr());
    }

    private static boolean isGraphQl(HttpServletRequest request) {
        return request.getRequestURI().equals("/graphql");
    }
}
