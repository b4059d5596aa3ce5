package org.roost.platform.availability;

import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Pooled connections go to callers in the order they asked, also when a caller gives one back and at once asks again
 * (which HikariCP alone lets it take ahead of the caller already waiting); the wait stays within the pool's
 * {@code connection-timeout}; a connection closed twice gives its place back once. One pooled connection on H2.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FairConnectionQueueTest {

    private final HikariDataSource pool = pool();
    private final FairConnectionQueue queue = new FairConnectionQueue(pool);
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void close() {
        threads.shutdownNow();
        pool.close();
    }

    @Test
    void aWaitingCallerGetsTheConnectionBeforeOneThatGaveItBackAndAsksAgain() throws Exception {
        // given the one connection held, and a second caller waiting in line for it
        List<String> served = new CopyOnWriteArrayList<>();
        Connection held = queue.getConnection();
        CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
            try (Connection connection = queue.getConnection()) {
                served.add("waiter");
                assertThat(connection.isValid(1)).isTrue();
            }
            catch (Exception failure) {
                throw new IllegalStateException(failure);
            }
        }, threads);
        await().atMost(Duration.ofSeconds(10)).until(() -> queue.waiting() == 1);

        // when the holder gives it back and asks again at once
        held.close();
        try (Connection again = queue.getConnection()) {
            served.add("holder again");
        }

        // then the caller who waited was served first
        waiter.get(10, TimeUnit.SECONDS);
        assertThat(served).containsExactly("waiter", "holder again");
    }

    @Test
    void givesUpWithinThePoolsTimeoutAndKeepsNoPlaceForTheCallerWhoGaveUp() throws Exception {
        // given the one connection held
        Connection held = queue.getConnection();

        // when another caller asks, it is refused as the pool refuses, after about the pool's timeout
        long start = System.nanoTime();
        assertThatThrownBy(queue::getConnection).isInstanceOf(SQLTransientConnectionException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofMillis(250), Duration.ofMillis(5_000));

        // and once the holder closes its connection twice, exactly one caller at a time is served again
        held.close();
        held.close();
        try (Connection connection = queue.getConnection()) {
            assertThat(connection.isValid(1)).isTrue();
            assertThat(queue.waiting()).isZero();
            assertThatThrownBy(queue::getConnection).isInstanceOf(SQLTransientConnectionException.class);
        }
    }

    @Test
    void aConnectionIsEqualOnlyToItselfAndUnwrapsToTheDriversOwn() throws Exception {
        try (Connection connection = queue.getConnection()) {
            assertThat(connection).isEqualTo(connection).hasSameHashCodeAs(connection);
            assertThat(connection.isWrapperFor(org.h2.jdbc.JdbcConnection.class)).isTrue();
            assertThat(queue.unwrap(HikariDataSource.class)).isSameAs(pool);
        }
    }

    private static HikariDataSource pool() {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl("jdbc:h2:mem:fair-" + System.nanoTime());
        pool.setMaximumPoolSize(1);
        pool.setConnectionTimeout(500);
        return pool;
    }
}
