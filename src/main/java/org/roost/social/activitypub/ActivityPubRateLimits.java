package org.roost.social.activitypub;

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
 * The API's token buckets ({@code roost.rate-limits.*}) in front of every ActivityPub door, per address: another
 * server reads without a credential, so its address is the key (door {@value #DOOR}). An empty bucket answers 429
 * with {@code Retry-After} in the contract's error body; fails open when Redis is down, like the API's limits.
 */
final class ActivityPubRateLimits extends OncePerRequestFilter {

    static final String DOOR = "activitypub";

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;

    ActivityPubRateLimits(RateLimitProperties properties, RateLimitBuckets buckets, ErrorResponses errors) {
        this.properties = properties;
        this.buckets = buckets;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !properties.enabled() || !isActivityPub(RequestPaths.of(request));
    }

    static boolean isActivityPub(String path) {
        return path.equals("/.well-known/webfinger") || path.equals("/.well-known/nodeinfo")
                || path.equals(NodeInfoController.PATH) || path.startsWith(ActivityPubUrls.PREFIX + "/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean read = "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
        Optional<Duration> refusal = buckets.refusal(DOOR, request.getRemoteAddr(),
                read ? properties.readCost() : properties.writeCost());
        if (refusal.isPresent()) {
            errors.write(request, response, ApiException.rateLimited(refusal.get()));
            return;
        }
        chain.doFilter(request, response);
    }
}
