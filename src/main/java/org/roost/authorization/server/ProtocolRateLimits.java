package org.roost.authorization.server;

import java.io.IOException;

import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The API's token buckets ({@code roost.rate-limits.*}) in front of every endpoint and page of the authorization
 * server, per address: the protocol endpoints are called before any credential is checked (a client
 * authenticates at the endpoint itself), so the address is the one key nobody can choose for someone else. An
 * empty bucket answers 429 with {@code Retry-After} in the OAuth error format ({@code temporarily_unavailable}).
 * Like the API's limits it fails open when Redis is down ({@link RateLimitBuckets#refusal}).
 */
public final class ProtocolRateLimits extends OncePerRequestFilter {

    /** The per-address token buckets in front of every endpoint and page of the authorization server. */
    public static OncePerRequestFilter filter(RateLimitProperties properties, RateLimitBuckets buckets) {
        return new ProtocolRateLimits(properties, buckets);
    }

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;

    ProtocolRateLimits(RateLimitProperties properties, RateLimitBuckets buckets) {
        this.properties = properties;
        this.buckets = buckets;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !properties.enabled();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String method = request.getMethod();
        long cost = "GET".equals(method) || "HEAD".equals(method) ? properties.readCost() : properties.writeCost();
        Optional<Duration> refusal = buckets.refusal("oauth", request.getRemoteAddr(), cost);
        if (refusal.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = refusal.get().toSeconds();
        response.setStatus(429);
        response.setHeader("Retry-After", Long.toString(seconds));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getWriter().write("{\"error\":\"temporarily_unavailable\",\"error_description\":\"Too many requests "
                + "from this address: retry after " + seconds + " s.\"}");
    }
}
