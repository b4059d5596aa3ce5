package org.roost.platform.liveness;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Shutdown ({@code roost.shutdown.*}, defaults in application.yml).
 *
 * @param drain how long an instance that was told to stop keeps serving, with readiness already
 *              refusing, so that a load balancer notices before connections are refused
 */
@ConfigurationProperties("roost.shutdown")
record ShutdownProperties(Duration drain) {
}
