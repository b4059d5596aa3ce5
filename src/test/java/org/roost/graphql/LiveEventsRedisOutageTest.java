package org.roost.graphql;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An instance on a Redis server of this test's own (never the shared one), stopped and started
 * again: writes go on while it is down (their events are lost: at-most-once), and delivery resumes
 * by itself when it is back.
 */
@ExtendWith(RequiresServices.class)
class LiveEventsRedisOutageTest {

    /** A free port, not a fixed one: two test runs on one machine would otherwise share (and stop) one server. */
    private static final int PORT = freePort();

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @AfterEach
    void stopRedis() throws Exception {
        redisCli("shutdown", "nosave");
    }

    @Test
    void writesGoOnWhileRedisIsDownAndDeliveryResumesWhenItIsBack() throws Exception {
        // given an instance on its own Redis, and a subscriber
        startRedis();
        try (ConfigurableApplicationContext instance = LiveEventsAcrossInstancesTest.start(
                "--spring.data.redis.port=" + PORT, "--spring.data.redis.database=0",
                "--spring.data.redis.timeout=1s")) {
            String base = LiveEventsAcrossInstancesTest.base(instance);
            LiveClients.Author author = LiveClients.newAuthor(base, "outage");
            LiveClients.Sse sse = LiveClients.Sse.open(base, author);
            assertThat(LiveEventsAcrossInstancesTest.postUntilHeard(base, author, "Before",
                    wait -> sse.await("Before", wait))).contains("Before");

            // when Redis stops, a post is still created, promptly
            redisCli("shutdown", "nosave");
            long started = System.nanoTime();
            HttpResponse<String> during = LiveClients.post(base, author, "During", "text");
            assertThat(during.statusCode()).isEqualTo(201);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));

            // then, once Redis is back, events flow again without a restart
            startRedis();
            assertThat(LiveEventsAcrossInstancesTest.postUntilHeard(base, author, "After",
                    wait -> sse.await("After", wait))).contains("After");
            sse.client().shutdownNow();
        }
    }

    private static void startRedis() throws Exception {
        Path dir = Files.createTempDirectory("roost-redis");
        new ProcessBuilder("redis-server", "--port", String.valueOf(PORT), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--daemonize", "yes", "--dir", dir.toString()).inheritIO().start().waitFor();
        for (int i = 0; i < 50; i++) {
            try (Socket probe = new Socket("127.0.0.1", PORT)) {
                return;
            }
            catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("redis-server did not start on " + PORT);
    }

    private static void redisCli(String... command) throws Exception {
        String[] full = new String[command.length + 3];
        full[0] = "redis-cli";
        full[1] = "-p";
        full[2] = String.valueOf(PORT);
        System.arraycopy(command, 0, full, 3, command.length);
        new ProcessBuilder(full).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
    }
}
