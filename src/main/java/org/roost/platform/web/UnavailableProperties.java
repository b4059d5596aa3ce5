package org.roost.platform.web;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param retryAfter what a {@code 503 SERVICE_UNAVAILABLE} tells the client to wait before trying
 *                   again ({@code Retry-After}, whole seconds): about how long a dependency takes
 *                   to come back or a balancer to move traffic elsewhere
 */
@ConfigurationProperties("roost.unavailable")
record UnavailableProperties(Duration retryAfter) {
}
