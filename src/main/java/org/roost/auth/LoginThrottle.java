package org.roost.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.roost.shared.ApiException;
import org.springframework.stereotype.Component;

/**
 * Counts failed logins per username and per client address in a fixed window. The caches are
 * bounded, so a flood of invented usernames cannot grow memory without limit. Per instance: with
 * several instances an attacker gets each instance's allowance, which the window keeps small.
 */
@Component
class LoginThrottle {

    private record Window(Instant start, int failures) {
    }

    private final LoginThrottleProperties properties;
    private final Clock clock;
    private final Cache<String, Window> byUsername;
    private final Cache<String, Window> byAddress;

    LoginThrottle(LoginThrottleProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
        this.byUsername = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(properties.window()).build();
        this.byAddress = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(properties.window()).build();
    }

    void check(String username, String address) {
        check(byUsername, key(username), properties.maxFailuresPerUsername());
        check(byAddress, address, properties.maxFailuresPerAddress());
    }

    void recordFailure(String username, String address) {
        record(byUsername, key(username));
        record(byAddress, address);
    }

    void recordSuccess(String username) {
        byUsername.invalidate(key(username));
    }

    private void check(Cache<String, Window> cache, String key, int max) {
        Window window = cache.getIfPresent(key);
        if (window != null && window.failures() >= max) {
            Duration left = Duration.between(clock.instant(), window.start().plus(properties.window()));
            if (!left.isNegative()) {
                throw ApiException.rateLimited(left.plusSeconds(1));
            }
            cache.invalidate(key);
        }
    }

    private void record(Cache<String, Window> cache, String key) {
        Instant now = clock.instant();
        cache.asMap().merge(key, new Window(now, 1), (old, one) ->
                old.start().plus(properties.window()).isBefore(now) ? one : new Window(old.start(), old.failures() + 1));
    }

    private static String key(String username) {
        return username.strip().toLowerCase(Locale.ROOT);
    }
}
