package org.roost.identity.login;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.roost.platform.shared.DependencyFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Counters shared by every instance: each key a Redis hash (window start, attempts, back-off end, in
 * milliseconds) that expires with its window, changed by one Lua script per attempt, so attempts sent
 * to several instances at once are counted at once. The template takes a connection from the factory
 * for each call, so it follows the factory through a stop and start (a paused test context).
 * <p>
 * While Redis is unavailable, counting goes on in this instance's memory (see docs/operations.md,
 * "What keeps working"): limits stay, per instance, and Redis's counts apply again once it is back.
 */
final class RedisLoginCounters implements LoginCounters {

    private static final Logger log = LoggerFactory.getLogger(RedisLoginCounters.class);

    /** KEYS: the counters. ARGV: now, window, base delay (ms), then each key's allowance. Answers the wait in ms. */
    private static final RedisScript<Long> TAKE = RedisScript.of("""
            local now, window, base = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
            local wait, counts = 0, {}
            for i, key in ipairs(KEYS) do
              local c = redis.call('HMGET', key, 'start', 'attempts', 'not_before')
              local start, attempts, notBefore = tonumber(c[1]), tonumber(c[2]), tonumber(c[3])
              if start == nil or start + window <= now then start, attempts, notBefore = now, 0, 0 end
              if notBefore - now > wait then wait = notBefore - now end
              counts[i] = { start, attempts }
            end
            if wait > 0 then return wait end
            for i, key in ipairs(KEYS) do
              local start, attempts = counts[i][1], counts[i][2] + 1
              local backOffs, notBefore = attempts - tonumber(ARGV[3 + i]) + 1, 0
              if backOffs > 0 then notBefore = now + math.min(base * 2 ^ math.min(30, backOffs - 1), window) end
              redis.call('HSET', key, 'start', string.format('%d', start), 'attempts', attempts,
                'not_before', string.format('%d', notBefore))
              redis.call('PEXPIRE', key, string.format('%d', start + window - now))
            end
            return 0
            """, Long.class);

    /** KEYS: the counter. ARGV: its allowance. Below the allowance again, the back-off ends (as in memory). */
    private static final RedisScript<Long> GIVE_BACK = RedisScript.of("""
            local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts'))
            if attempts == nil then return 0 end
            if attempts <= 1 then redis.call('DEL', KEYS[1]) return 0 end
            redis.call('HINCRBY', KEYS[1], 'attempts', -1)
            if attempts - 1 < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'not_before', '0') end
            return attempts - 1
            """, Long.class);

    private final StringRedisTemplate redis;
    private final String prefix;
    private final LoginThrottleProperties properties;
    private final LoginCounters fallback;
    private final AtomicBoolean degraded = new AtomicBoolean();

    RedisLoginCounters(StringRedisTemplate redis, String prefix, LoginThrottleProperties properties, LoginCounters fallback) {
        this.redis = redis;
        this.prefix = prefix;
        this.properties = properties;
        this.fallback = fallback;
    }

    @Override
    public Duration take(List<Limit> limits, Instant now) {
        List<String> keys = new ArrayList<>(limits.size());
        List<String> args = new ArrayList<>(List.of(Long.toString(now.toEpochMilli()),
                Long.toString(properties.window().toMillis()), Long.toString(properties.baseDelay().toMillis())));
        for (Limit limit : limits) {
            keys.add(prefix + limit.key());
            args.add(Integer.toString(limit.allowance()));
        }
        try {
            Long wait = redis.execute(TAKE, keys, args.toArray());
            recovered();
            return Duration.ofMillis(wait == null ? 0 : wait);
        }
        catch (RuntimeException failure) {
            return unavailable(failure).take(limits, now);
        }
    }

    @Override
    public void forget(List<String> keys) {
        try {
            redis.delete(keys.stream().map(key -> prefix + key).toList());
        }
        catch (RuntimeException failure) {
            unavailable(failure).forget(keys);
        }
    }

    @Override
    public void giveBack(Limit limit) {
        try {
            redis.execute(GIVE_BACK, List.of(prefix + limit.key()), Integer.toString(limit.allowance()));
        }
        catch (RuntimeException failure) {
            unavailable(failure).giveBack(limit);
        }
    }

    /** Redis down or hung: count in memory (a bug is rethrown). One warning per outage, not one per attempt. */
    private LoginCounters unavailable(RuntimeException failure) {
        if (!DependencyFailures.isUnavailable(failure)) {
            throw failure;
        }
        if (degraded.compareAndSet(false, true)) {
            log.warn("Login attempts are counted per instance until Redis is back: {}", failure.toString());
        }
        return fallback;
    }

    private void recovered() {
        if (degraded.compareAndSet(true, false)) {
            log.info("Login attempts are counted in Redis again");
        }
    }
}
