package org.roost.federation;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.limits.RateLimitBuckets;
import org.roost.limits.RateLimitProperties;
import org.roost.shared.ApiException;
import org.roost.web.ErrorResponses;
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

    FederationRateLimits(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
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
        if (request.getRequestURI().equals("/auth/providers")) {
            errors.write(request, response, ApiException.rateLimited(refusal.get()));
            return;
        }
        response.setHeader("Retry-After", Long.toString(seconds));
        Pages.write(response, 429, "Too many sign-in attempts",
                "<p role=\"alert\" class=\"error\">Too many sign-in attempts from this address. Please try again in "
                        + seconds + " seconds.</p><p><a href=\"/login\">Back to sign in</a></p>");
    }
}
