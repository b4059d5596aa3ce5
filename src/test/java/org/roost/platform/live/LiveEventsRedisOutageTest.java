package org.roost.platform.live;

import java.net.http.HttpResponse;
import java.time.Duration;

import org.roost.graphql.LiveClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.OwnRedis;
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

    @Test
    void writesGoOnWhileRedisIsDownAndDeliveryResumesWhenItIsBack() throws Exception {
        // given an instance on its own Redis (a free port: two test runs on one machine never share it), and a subscriber
        try (OwnRedis redis = OwnRedis.start();
                ConfigurableApplicationContext instance = LiveEventsAcrossInstancesTest.start(
                        "--spring.data.redis.port=" + redis.port(), "--spring.data.redis.database=0",
                        "--spring.data.redis.timeout=1s")) {
            String base = LiveEventsAcrossInstancesTest.base(instance);
            LiveClients.Author author = LiveClients.newAuthor(base, "outage");
            LiveClients.Sse sse = LiveClients.Sse.open(base, author);
            assertThat(LiveEventsAcrossInstancesTest.postUntilHeard(base, author, "Before",
                    wait -> sse.await("Before", wait))).contains("Before");

            // when Redis stops, a post is still created, promptly
            redis.stopServer();
            long started = System.nanoTime();
            HttpResponse<String> during = LiveClients.post(base, author, "During", "text");
            assertThat(during.statusCode()).isEqualTo(201);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));

            // then, once Redis is back, events flow again without a restart
            redis.startServer();
            assertThat(LiveEventsAcrossInstancesTest.postUntilHeard(base, author, "After",
                    wait -> sse.await("After", wait))).contains("After");
            sse.client().shutdownNow();
        }
    }
}
