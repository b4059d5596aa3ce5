package org.roost.auth;

import java.io.IOException;
import java.time.Duration;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.github.bucket4j.ConsumptionProbe;

import org.roost.shared.ApiException;
import org.roost.shared.DependencyFailures;
import org.roost.shared.Caller;
import org.roost.web.ErrorResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Charges every /api and /graphql request to its caller's bucket (the user, the OAuth client, or
 * the address when anonymous) and says so in the IETF draft's {@code RateLimit-Policy} and
 * {@code RateLimit} headers; an empty bucket answers {@code 429 RATE_LIMITED} with {@code Retry-After}.
 * It runs inside the API filter chain, after authentication, so it knows who is calling.
 */
final class RateLimitFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;
    private final String policy;

    RateLimitFilter(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
        this.policy = "\"default\";q=" + properties.capacity() + ";w=" + properties.window().toSeconds();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        return !properties.enabled() || !(path.startsWith("/api/") || path.equals("/graphql"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ConsumptionProbe probe;
        try {
            probe = buckets.consume(callerKey(request), cost(request));
        }
        catch (RuntimeException failure) {
            if (!DependencyFailures.isUnavailable(failure)) {
                throw failure;
            }
            // Fails open: with Redis down, bearer traffic must keep being served (docs/operations.md); limits
            // resume by themselves when Redis is back. No rate-limit headers: nothing was counted.
            log.debug("Rate limit not applied, its store is unavailable: {}", failure.toString());
            chain.doFilter(request, response);
            return;
        }
        Duration reset = Duration.ofNanos(probe.isConsumed() ? 0 : probe.getNanosToWaitForRefill());
        response.setHeader("RateLimit-Policy", policy);
        response.setHeader("RateLimit", "\"default\";r=" + probe.getRemainingTokens() + ";t=" + seconds(reset));
        if (!probe.isConsumed()) {
            errors.write(request, response, ApiException.rateLimited(Duration.ofSeconds(seconds(reset))));
            return;
        }
        chain.doFilter(request, response);
    }

    private long cost(HttpServletRequest request) {
        if (request.getRequestURI().equals("/graphql")) {
            return properties.graphQlCost();
        }
        String method = request.getMethod();
        return "GET".equals(method) || "HEAD".equals(method) ? properties.readCost() : properties.writeCost();
    }

    private static String callerKey(HttpServletRequest request) {
        return Callers.from(SecurityContextHolder.getContext().getAuthentication())
                .map(caller -> switch (caller) {
                    case Caller.User user -> "user:" + user.id();
                    case Caller.Client client -> "client:" + client.clientId();
                })
                .orElseGet(() -> "address:" + request.getRemoteAddr());
    }

    private static long seconds(Duration duration) {
        return duration.isZero() ? 0 : Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
