package org.roost.identity.login;

import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.support.CapturedLog;
import org.roost.support.RequiresServices;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Every behaviour of {@link LoginThrottleTest} again, with the counts in Redis (the Lua script), and
 * what happens while Redis cannot be reached: counting goes on in memory, so guesses still back off.
 */
@ExtendWith(RequiresServices.class)
class SharedLoginThrottleTest extends LoginThrottleTest {

    private static LettuceConnectionFactory connections;
    private static StringRedisTemplate redis;

    @BeforeAll
    static void connect() {
        connections = factory(env("ROOST_TEST_REDIS_HOST", "127.0.0.1"), Integer.parseInt(env("ROOST_TEST_REDIS_PORT", "6379")));
        redis = new StringRedisTemplate(connections);
    }

    @AfterAll
    static void disconnect() {
        connections.destroy();
    }

    @Override
    LoginCounters counters() {
        return new RedisLoginCounters(redis, freshPrefix(), PROPERTIES, new InMemoryLoginCounters(PROPERTIES));
    }

    /** Under the run's namespace (removed when the run ends), and fresh for each test. */
    private static String freshPrefix() {
        return System.getProperty("roost.redis.namespace", "roost-test") + ":login-throttle-test:"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()) + ":";
    }

    /** Two instances' throttles, each with its own counters object, on one Redis prefix. */
    private List<LoginThrottle> twoInstances() {
        String prefix = freshPrefix();
        return List.of(
                new LoginThrottle(PROPERTIES, new RedisLoginCounters(redis, prefix, PROPERTIES, new InMemoryLoginCounters(PROPERTIES)), clock),
                new LoginThrottle(PROPERTIES, new RedisLoginCounters(redis, prefix, PROPERTIES, new InMemoryLoginCounters(PROPERTIES)), clock));
    }

    @Test
    void refusesTheSixthGuessWhenFiveAreAllowedAlternatingBetweenTwoInstances() {
        // given five guesses alternating between two instances, each checked
        List<LoginThrottle> instances = twoInstances();
        for (int i = 0; i < 5; i++) {
            LoginThrottle instance = instances.get(i % 2);
            assertThatCode(() -> instance.attempt("ida", "10.0.0.1")).doesNotThrowAnyException();
        }

        // then both refuse the sixth
        assertRefused(() -> instances.get(0).attempt("ida", "10.0.0.1"));
        assertRefused(() -> instances.get(1).attempt("ida", "10.0.0.1"));
    }

    @Test
    void refusesTheSixthGuessWhenFiveAreAllowedSentAtOnceToTwoInstances() {
        // when: forty guesses for one account from one address at the same moment, half to each instance
        List<LoginThrottle> instances = twoInstances();
        int allowed = allowedAtOnce(40, i -> instances.get(i % 2).attempt("joy", "10.0.0.1"));

        // then: one allowance for both, no more
        assertThat(allowed).isEqualTo(5);
    }

    @Test
    void keepsBackingOffInMemoryWhileRedisCannotBeReached() {
        // given counters whose Redis refuses connections
        LettuceConnectionFactory down = factory("127.0.0.1", 18399);
        try (CapturedLog log = CapturedLog.of(RedisLoginCounters.class.getName())) {
            LoginThrottle throttle = new LoginThrottle(PROPERTIES, new RedisLoginCounters(new StringRedisTemplate(down),
                    "unreachable:", PROPERTIES, new InMemoryLoginCounters(PROPERTIES)), clock);

            // when a guesser uses up the allowance
            long started = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                throttle.attempt("erin", "10.0.0.1");
            }
            ApiException refused = catchThrowableOfType(ApiException.class, () -> throttle.attempt("erin", "10.0.0.1"));

            // then the next guess is refused as with Redis, nothing waited for Redis, and operators read one warning
            assertThat(refused.code()).isEqualTo(ErrorCode.RATE_LIMITED);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
            assertThat(log.events()).singleElement().extracting(event -> event.getFormattedMessage())
                    .asString().startsWith("Login attempts are counted per instance until Redis is back");
        }
        finally {
            down.destroy();
        }
    }

    private static LettuceConnectionFactory factory(String host, int port) {
        LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(host, port),
                LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
        factory.afterPropertiesSet();
        factory.start();
        return factory;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
