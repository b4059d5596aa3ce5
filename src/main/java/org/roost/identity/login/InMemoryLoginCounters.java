package org.roost.identity.login;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * Counters of one instance. Bounded, so a flood of invented names cannot grow memory without limit;
 * one lock for all keys, so an attempt is counted on its three keys at once (held for microseconds,
 * next to the milliseconds of the password hash that follows).
 */
final class InMemoryLoginCounters implements LoginCounters {

    private record Count(Instant windowStart, int attempts, Instant notBefore) {
    }

    private final LoginThrottleProperties properties;
    private final Cache<String, Count> counts;

    InMemoryLoginCounters(LoginThrottleProperties properties) {
        this.properties = properties;
        this.counts = Caffeine.newBuilder().maximumSize(300_000).expireAfterWrite(properties.window()).build();
    }

    @Override
    public synchronized Duration take(List<Limit> limits, Instant now) {
        Duration wait = Duration.ZERO;
        List<Count> current = new ArrayList<>(limits.size());
        for (Limit limit : limits) {
            Count count = counts.getIfPresent(limit.key());
            if (count == null || !count.windowStart().plus(properties.window()).isAfter(now)) {
                count = new Count(now, 0, Instant.EPOCH);
            }
            if (now.isBefore(count.notBefore()) && Duration.between(now, count.notBefore()).compareTo(wait) > 0) {
                wait = Duration.between(now, count.notBefore());
            }
            current.add(count);
        }
        if (!wait.isZero()) {
            return wait;
        }
        for (int i = 0; i < limits.size(); i++) {
            Count count = current.get(i);
            int attempts = count.attempts() + 1;
            int backOffs = limits.get(i).backOffs(attempts);
            Instant notBefore = backOffs > 0 ? now.plus(LoginCounters.delay(backOffs, properties)) : Instant.EPOCH;
            counts.put(limits.get(i).key(), new Count(count.windowStart(), attempts, notBefore));
        }
        return Duration.ZERO;
    }

    @Override
    public synchronized void forget(List<String> keys) {
        counts.invalidateAll(keys);
    }

    @Override
    public synchronized void giveBack(Limit limit) {
        counts.asMap().computeIfPresent(limit.key(), (k, old) -> old.attempts() <= 1 ? null
                : new Count(old.windowStart(), old.attempts() - 1,
                        limit.backOffs(old.attempts() - 1) > 0 ? old.notBefore() : Instant.EPOCH));
    }
}
