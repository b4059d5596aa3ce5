package org.roost.platform.ratelimits;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.RequestPaths;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Charges every /api and /graphql request to its caller's bucket (the user, the OAuth client, or
 * the address when anonymous) and says so in the IETF draft's {@code RateLimit-Policy} and
 * {@code RateLimit} headers; an empty bucket answers {@code 429 RATE_LIMITED} with {@code Retry-After}.
 * A GraphQL operation pays a base here and the rest by its computed cost ({@link RateLimitCharge}).
 * It runs inside the API filter chain, after authentication, so it knows who is calling; the chain
 * ({@code websecurity}) builds it and says how an authentication turns into a caller.
 */
public final class RateLimitFilter extends OncePerRequestFilter {

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;
    private final Function<@Nullable Authentication, Optional<Caller>> callers;

    public RateLimitFilter(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors,
            Function<@Nullable Authentication, Optional<Caller>> callers) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
        this.callers = callers;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !properties.enabled() || !(RequestPaths.of(request).startsWith("/api/") || isGraphQl(request));
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
            // The rest of an operation's cost is charged once its document is parsed (graphqllimits.QueryLimits).
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

    private String callerKey(HttpServletRequest request) {
        return RateLimitCharge.callerKey(callers.apply(SecurityContextHolder.getContext().getAuthentication()),
                request.getRemoteAddr());
    }

    private static boolean isGraphQl(HttpServletRequest request) {
        return RequestPaths.of(request).equals("/graphql");
    }
}
