package org.roost.identity.federation;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.platform.shared.ApiException;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.RequestPaths;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The API's token buckets ({@code roost.rate-limits.*}) in front of every step of a provider sign-in, per address:
 * nobody is signed in yet, so the address is the key. An empty bucket answers 429 with {@code Retry-After}, as a
 * page (a browser is navigating) or, for {@code /auth/providers}, the contract's error body. Fails open when
 * Redis is down, like the API's limits ({@link RateLimitBuckets#refusal}).
 */
final class FederationRateLimits extends OncePerRequestFilter {

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;
    private final Pages pages;

    FederationRateLimits(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors, Pages pages) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
        this.pages = pages;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !properties.enabled();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<Duration> refusal = buckets.refusal("federation", request.getRemoteAddr(), properties.readCost());
        if (refusal.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = refusal.get().toSeconds();
        if (RequestPaths.of(request).equals("/auth/providers")) {
            errors.write(request, response, ApiException.rateLimited(refusal.get()));
            return;
        }
        response.setHeader("Retry-After", Long.toString(seconds));
        pages.tooManyAttempts(response, seconds);
    }
}
