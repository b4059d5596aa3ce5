package org.roost.platform.ratelimits;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one rate-limit mechanism: takes are atomic (parallel takes never overdraw), two instances on one Redis share
 * an allowance, and while Redis is down each quota does what it says (count locally, fail open, or fail).
 */
@ExtendWith(RequiresServices.class)
class QuotasTest {

    private static final Quota TEN_A_MINUTE = new Quota("quotas-test", 10, Duration.ofMinutes(1));

    @Test
    void fortyParallelTakesOfATenAllowanceInMemoryGetExactlyTen() throws Exception {
        Quotas quotas = new InMemoryQuotas();

        List<Take> takes = inParallel(40, i -> quotas.take(TEN_A_MINUTE, "someone", 1));

        assertThat(takes.stream().filter(Take::granted)).hasSize(10);
        assertThat(takes.stream().filter(Take.Refused.class::isInstance)).hasSize(30);
    }

    @Test
    void twoInstancesOnOneRedisShareOneAllowanceAndNeverOverdrawIt() throws Exception {
        String namespace = "quotas-test-" + UUID.randomUUID();
        LettuceConnectionFactory first = connections(redisPort());
        LettuceConnectionFactory second = connections(redisPort());
        try {
            Quotas one = new RedisQuotas(first, namespace);
            Quotas other = new RedisQuotas(second, namespace);

            // when 40 takes race, half through each instance
            List<Take> takes = inParallel(40, i -> (i % 2 == 0 ? one : other).take(TEN_A_MINUTE, "someone", 1));

            // then exactly the allowance is granted, wherever the takes landed
            assertThat(takes.stream().filter(Take::granted)).hasSize(10);
            Take later = other.take(TEN_A_MINUTE, "someone", 1);
            assertThat(later).isInstanceOfSatisfying(Take.Refused.class, refused ->
                    assertThat(refused.retryAfter()).isBetween(Duration.ofSeconds(1), Duration.ofMinutes(1)));
            // and another key has its own allowance
            assertThat(one.take(TEN_A_MINUTE, "someone else", 1)).isEqualTo(new Take.Granted(9));
        }
        finally {
            first.destroy();
            second.destroy();
        }
    }

    @Test
    void whileRedisIsDownEachQuotaDoesAsItSays() {
        LettuceConnectionFactory nowhere = connections(1); // nothing listens on port 1: refused at once
        try {
            Quotas quotas = new RedisQuotas(nowhere, "quotas-test-" + UUID.randomUUID());
            Quota locally = new Quota("quotas-test", 2, Duration.ofMinutes(1), Quota.Refill.INTERVAL,
                    Quota.WhenStoreDown.COUNT_LOCALLY);
            Quota open = new Quota("quotas-test", 2, Duration.ofMinutes(1), Quota.Refill.GREEDY,
                    Quota.WhenStoreDown.OPEN);

            // counted per instance meanwhile: still limited
            assertThat(quotas.tryTake(locally, "someone")).isTrue();
            assertThat(quotas.tryTake(locally, "someone")).isTrue();
            assertThat(quotas.tryTake(locally, "someone")).isFalse();
            // fails open: granted, and nothing counted
            assertThat(quotas.take(open, "someone", 5)).isEqualTo(new Take.Uncounted());
            // fails: the store's failure reaches the caller
            assertThatThrownBy(() -> quotas.tryTake(TEN_A_MINUTE, "someone")).isInstanceOf(RuntimeException.class);
        }
        finally {
            nowhere.destroy();
        }
    }

    private interface Attempt {
        Take take(int index);
    }

    /** Runs {@code count} attempts at once: every thread waits at a gate that opens when all are ready. */
    private static List<Take> inParallel(int count, Attempt attempt) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(count);
        try {
            CountDownLatch ready = new CountDownLatch(count);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Take>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(threads.submit((Callable<Take>) () -> {
                    ready.countDown();
                    go.await();
                    return attempt.take(index);
                }));
            }
            ready.await();
            go.countDown();
            List<Take> takes = new ArrayList<>();
            for (Future<Take> future : futures) {
                takes.add(future.get());
            }
            return takes;
        }
        finally {
            threads.shutdownNow();
        }
    }

    private static LettuceConnectionFactory connections(int port) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(env("ROOST_TEST_REDIS_HOST", "127.0.0.1"), port);
        server.setDatabase(Integer.parseInt(env("ROOST_TEST_REDIS_DB", "0")));
        LettuceConnectionFactory factory = new LettuceConnectionFactory(server);
        factory.afterPropertiesSet();
        factory.start();
        return factory;
    }

    private static int redisPort() {
        return Integer.parseInt(env("ROOST_TEST_REDIS_PORT", "6379"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
