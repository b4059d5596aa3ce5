package org.roost.platform.live;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.roost.graphql.LiveClients;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.RoostApplication;
import org.roost.support.Instances;
import org.roost.support.RequiresServices;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two whole instances on the same PostgreSQL schema and Redis database, as a deployment behind a
 * balancer runs them: a subscriber on one hears a post made on the other, over WebSocket and SSE;
 * an instance of another deployment (another Redis namespace) hears nothing of it.
 */
@ExtendWith(RequiresServices.class)
class LiveEventsAcrossInstancesTest {

    private static ConfigurableApplicationContext first;
    private static ConfigurableApplicationContext second;

    @BeforeAll
    static void twoInstances() { // the run's shared pair (Instances.pair): these tests' users are their own
        first = Instances.pair().get(0);
        second = Instances.pair().get(1);
    }

    static ConfigurableApplicationContext start(String... more) {
        String[] arguments = java.util.stream.Stream.concat(java.util.stream.Stream.of("--server.port=0",
                "--spring.security.oauth2.authorizationserver.issuer=http://roost.test", "--spring.jmx.enabled=false"),
                java.util.stream.Stream.of(more)).toArray(String[]::new);
        return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "postgres", "redis").run(arguments);
    }

    static String base(ConfigurableApplicationContext context) {
        return "http://localhost:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** Posts on {@code base} until {@code heard} returns a line (the subscription may be set up a moment later). */
    static String postUntilHeard(String base, LiveClients.Author author, String title, Heard heard) throws Exception {
        for (int i = 0; i < 20; i++) {
            assertThat(LiveClients.post(base, author, title, "text").statusCode()).isEqualTo(201);
            String line = heard.within(Duration.ofMillis(500));
            if (line != null) {
                return line;
            }
        }
        return "";
    }

    interface Heard {
        String within(Duration wait) throws InterruptedException;
    }

    @Test
    void webSocketSubscriberOnOneInstanceReceivesAPostMadeOnTheOther() throws Exception {
        // given a WebSocket subscription on the second instance
        LiveClients.Author author = LiveClients.newAuthor(base(first), "wsacross");
        LiveClients.Ws ws = LiveClients.Ws.open(base(second), author);

        // when the author posts through the first instance
        String heard = postUntilHeard(base(first), author, "Across by WebSocket",
                wait -> ws.await("Across by WebSocket", wait));

        // then the subscriber hears it
        assertThat(heard).contains("\"type\":\"next\"").contains("\"postCreated\"");
        ws.socket().sendClose(1000, "done").get(5, TimeUnit.SECONDS);
    }

    @Test
    void sseSubscriberOnOneInstanceReceivesAPostMadeOnTheOther() throws Exception {
        // given an SSE subscription on the second instance, whose headers came at once
        LiveClients.Author author = LiveClients.newAuthor(base(first), "sseacross");
        LiveClients.Sse sse = LiveClients.Sse.open(base(second), author);
        assertThat(sse.response().get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

        // when the author posts through the first instance
        String heard = postUntilHeard(base(first), author, "Across by SSE", wait -> sse.await("Across by SSE", wait));

        // then the subscriber hears it
        assertThat(heard).startsWith("data:").contains("\"postCreated\"");
        sse.client().shutdownNow();
    }

    @Test
    void anInstanceOfAnotherDeploymentOnTheSameRedisHearsNothing() throws Exception {
        // given an instance of another deployment: same Redis database, its own namespace
        try (ConfigurableApplicationContext other = start("--roost.redis.namespace=other-" + UUID.randomUUID())) {
            LiveClients.Author author = LiveClients.newAuthor(base(first), "isolated");
            LiveClients.Sse here = LiveClients.Sse.open(base(second), author);
            LiveClients.Sse elsewhere = LiveClients.Sse.open(base(other), author);
            assertThat(elsewhere.response().get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

            // when a post made on the first is heard on the second, same deployment
            assertThat(postUntilHeard(base(first), author, "Only ours", wait -> here.await("Only ours", wait)))
                    .contains("Only ours");

            // then the other deployment's subscriber heard nothing
            assertThat(elsewhere.await("Only ours", Duration.ofSeconds(1))).isNull();
            here.client().shutdownNow();
            elsewhere.client().shutdownNow();
        }
    }
}
