package org.roost.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

@ConfigurationProperties("roost.login-throttle")
record LoginThrottleProperties(int maxFailuresPerUsername, int maxFailuresPerAddress, Duration window) {
}
