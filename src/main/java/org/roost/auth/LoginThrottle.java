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
 * Counts login attempts atomically and before the password is hashed, so attempts sent at once
 * are counted at once. Past an allowance an attempt is not refused for good: the next one is
 * allowed only after a delay that doubles each time (back-off, not lockout), so a stranger
 * guessing a user's password from elsewhere slows that user's login from their own address
 * (the strict per-(username, address) count) only as much as the loose per-username count allows.
 * The caches are bounded, so a flood of invented names cannot grow memory without limit.
 * Per instance (see docs/api.md, "Login protection").
 */
@Component
class LoginThrottle {

    private record Counter(Instant windowStart, int attempts, Instant notBefore) {
    }

    private final LoginThrottleProperties properties;
    private final Clock clock;
    private final Cache<String, Counter> counters;

    LoginThrottle(LoginThrottleProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
        this.counters = Caffeine.newBuilder().maximumSize(300_000).expireAfterWrite(properties.window()).build();
    }

    /** Counts one attempt for every key; refuses with {@code 429} and {@code Retry-After} while a back-off runs. */
    void attempt(String username, String address) {
        String user = key(username);
        take("p:" + user + "|" + address, properties.perUsernameAndAddress());
        take("u:" + user, properties.perUsername());
        take("a:" + address, properties.perAddress());
    }

    /** A client authenticating at the token endpoints; {@link #succeeded} forgets its attempts. */
    void clientAttempt(String clientId) {
        take("c:" + clientId, properties.perClient());
    }

    void clientSucceeded(String clientId) {
        counters.invalidate("c:" + clientId);
    }

    /**
     * The right password proves the pair: its count and the username's start afresh, and the
     * address gets its attempt back, so users sharing an address spend its allowance only on failures.
     */
    void succeeded(String username, String address) {
        String user = key(username);
        counters.invalidate("p:" + user + "|" + address);
        counters.invalidate("u:" + user);
        counters.asMap().computeIfPresent("a:" + address, (k, old) -> old.attempts() <= 1 ? null
                : new Counter(old.windowStart(), old.attempts() - 1, old.notBefore()));
    }

    private void take(String key, int allowance) {
        Instant now = clock.instant();
        Duration[] refusal = new Duration[1];
        counters.asMap().compute(key, (k, old) -> {
            if (old == null || !old.windowStart().plus(properties.window()).isAfter(now)) {
                return new Counter(now, 1, Instant.EPOCH);
            }
            if (now.isBefore(old.notBefore())) {
                refusal[0] = Duration.between(now, old.notBefore());
                return old;
            }
            int attempts = old.attempts() + 1;
            Instant notBefore = attempts > allowance ? now.plus(delay(attempts - allowance)) : Instant.EPOCH;
            return new Counter(old.windowStart(), attempts, notBefore);
        });
        if (refusal[0] != null) {
            throw ApiException.rateLimited(refusal[0].plusSeconds(1).withNanos(0));
        }
    }

    private Duration delay(int pastAllowance) {
        Duration delay = properties.baseDelay().multipliedBy(1L << Math.min(30, pastAllowance - 1));
        return delay.compareTo(properties.window()) > 0 ? properties.window() : delay;
    }

    private static String key(String username) {
        return username.strip().toLowerCase(Locale.ROOT);
    }
}
