package org.roost.social.activitypub;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.platform.web.ErrorResponses;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.stereotype.Component;

/**
 * ActivityPub's doors are on the API chain (its error bodies, its headers, a session or token looked at as
 * anywhere else) and take no credential: other servers read actors and posts anonymously (signed fetches are for a
 * later slice, docs/activitypub.md). Each address pays the API's read cost per request into a bucket of its own
 * ({@link ActivityPubRateLimits}), since the API's per-caller limit covers only {@code /api} and {@code /graphql}.
 */
@Component
@Order(30)
class ActivityPubChainRules implements ApiChainContribution {

    static final List<String> PATHS = List.of("/.well-known/webfinger", "/.well-known/nodeinfo", NodeInfoController.PATH,
            ActivityPubUrls.PREFIX + "/**");

    private final RateLimitProperties rateLimits;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;

    ActivityPubChainRules(RateLimitProperties rateLimits, RateLimitBuckets buckets, ErrorResponses errors) {
        this.rateLimits = rateLimits;
        this.buckets = buckets;
        this.errors = errors;
    }

    @Override
    public List<String> paths() {
        return PATHS;
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(PATHS.toArray(String[]::new)).permitAll();
    }

    @Override
    public void configure(HttpSecurity http) {
        http.addFilterAfter(new ActivityPubRateLimits(rateLimits, buckets, errors), AuthorizationFilter.class);
    }
}
