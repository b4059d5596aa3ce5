package org.roost.platform.ratelimits;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * API rate limits per caller ({@code roost.rate-limits.*}, defaults in application.yml): a token
 * bucket of {@code capacity} tokens, refilled at {@code capacity} per {@code window}.
 *
 * @param enabled   whether /api and /graphql are limited at all
 * @param capacity  tokens in a full bucket (the burst), and tokens refilled per window
 * @param window    the refill period
 * @param readCost  tokens a GET or HEAD takes
 * @param writeCost tokens any other method takes
 * @param graphQlCost tokens every GraphQL request takes before its document is read (a GET or POST to /graphql)
 * @param graphQlPointsPerToken an operation then takes one more token per this many points of its computed cost
 *                              (rounded up), and {@code writeCost} per mutation field
 */
@ConfigurationProperties("roost.rate-limits")
public record RateLimitProperties(boolean enabled, long capacity, Duration window, long readCost, long writeCost,
        long graphQlCost, long graphQlPointsPerToken) {
}
