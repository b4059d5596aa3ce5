package org.roost.identity.login;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import org.roost.identity.login.LoginCounters.Limit;
import org.roost.platform.shared.ApiException;
import org.springframework.stereotype.Component;

/**
 * Counts login attempts atomically and before the password is hashed, so attempts sent at once
 * are counted at once. With an allowance of N, N attempts that do not succeed are checked and the
 * (N+1)th is refused ({@code 429}); not for good: another is allowed only after a delay that doubles
 * each time (back-off, not lockout), so a stranger guessing a user's password from elsewhere slows
 * that user's login from their own address (the strict per-(username, address) count) only as much
 * as the loose per-username count allows.
 * An attempt refused during a back-off counts on no key, so it neither spends the loose allowances
 * nor creates counters. The counters are shared through Redis when it is configured
 * (see docs/api.md, "Login protection").
 * <p>
 * Why not on {@code limits.Quotas} (Bucket4j), the mechanism of every other limit: a token bucket refills at a
 * rate, whereas this is a back-off that doubles with each failure past the allowance; an attempt is counted on
 * several keys at once or on none (one refusing key must not spend the others), which Bucket4j cannot do across
 * buckets atomically; and a success forgets the pair's and the username's counts and gives the address its attempt
 * back. Hence its own counters ({@link LoginCounters}: one Lua script in Redis, a lock in memory).
 */
@Component
class LoginThrottle {

    private final LoginThrottleProperties properties;
    private final LoginCounters counters;
    private final Clock clock;

    LoginThrottle(LoginThrottleProperties properties, LoginCounters counters, Clock clock) {
        this.properties = properties;
        this.counters = counters;
        this.clock = clock;
    }

    /** Counts one attempt for every key; refuses with {@code 429} and {@code Retry-After} while a back-off runs. */
    void attempt(String username, String address) {
        String user = key(username);
        take(List.of(new Limit("p:" + user + "|" + address, properties.perUsernameAndAddress()),
                new Limit("u:" + user, properties.perUsername()), new Limit("a:" + address, properties.perAddress())));
    }

    /**
     * A signed-in user confirming their password ({@code current_password}, re-authentication): counted per
     * account alone, with the strict allowance, since whoever holds the session may send from any address.
     */
    void currentPasswordAttempt(String username) {
        take(List.of(new Limit("cp:" + key(username), properties.perUsernameAndAddress())));
    }

    void currentPasswordSucceeded(String username) {
        counters.forget(List.of("cp:" + key(username)));
    }

    /** A client authenticating at the token endpoints; {@link #clientSucceeded} forgets its attempts. */
    void clientAttempt(String clientId) {
        take(List.of(new Limit("c:" + bounded(clientId), properties.perClient())));
    }

    void clientSucceeded(String clientId) {
        counters.forget(List.of("c:" + bounded(clientId)));
    }

    /**
     * The right password proves the pair: its count and the username's start afresh, and the
     * address gets its attempt back, so users sharing an address spend its allowance only on failures.
     */
    void succeeded(String username, String address) {
        String user = key(username);
        counters.forget(List.of("p:" + user + "|" + address, "u:" + user));
        counters.giveBack(new Limit("a:" + address, properties.perAddress()));
    }

    private void take(List<Limit> limits) {
        Duration wait = counters.take(limits, clock.instant());
        if (!wait.isZero()) {
            throw ApiException.rateLimited(wait.plusSeconds(1).withNanos(0));
        }
    }

    /** Case-insensitive, like usernames. */
    private static String key(String username) {
        return bounded(username.strip().toLowerCase(Locale.ROOT));
    }

    /** A name longer than any real one is kept as its digest, so that keys stay short. */
    private static String bounded(String key) {
        if (key.length() <= 64) {
            return key;
        }
        try {
            return "#" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException(missing);
        }
    }
}
