package org.roost.social.notification;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.graphql.GraphQlClient;
import org.roost.graphql.LiveClients;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two whole instances on one PostgreSQL and Redis, as behind a balancer: a person subscribed to
 * {@code notificationAdded} on one instance hears a like made through the other, over WebSocket and SSE, with the
 * grouped count; nobody else's notifications reach them.
 */
@ExtendWith(RequiresServices.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NotificationsAcrossInstancesTest {

    private static final String SUBSCRIPTION = "subscription { notificationAdded { id type count actors { username } } }";

    private static ConfigurableApplicationContext first;
    private static ConfigurableApplicationContext second;

    @BeforeAll
    static void startTwoInstances() {
        first = Instances.start();
        second = Instances.start();
    }

    @AfterAll
    static void stopThem() {
        second.close();
        first.close();
    }

    static String base(ConfigurableApplicationContext context) {
        return "http://localhost:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    static String postOf(LiveClients.Author author) {
        HttpResponse<String> created = LiveClients.post(base(first), author, "Like me", "text");
        assertThat(created.statusCode()).isEqualTo(201);
        return Json.of(created.body()).get("id").asString();
    }

    static int likeOrUnlike(String method, LiveClients.Author liker, LiveClients.Author author, String post)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base(first) + "/api/v1/users/%s/posts/%s/likes/%s"
                        .formatted(author.userId(), post, liker.userId())))
                .method(method, HttpRequest.BodyPublishers.noBody()).header("Authorization", "Bearer " + liker.token())
                .timeout(Duration.ofSeconds(10)).build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    /** Likes through the first instance until {@code heard} has it (the subscription may start a moment later). */
    static String likeUntilHeard(LiveClients.Author liker, LiveClients.Author author, String post, Heard heard)
            throws Exception {
        for (int i = 0; i < 20; i++) {
            assertThat(likeOrUnlike("PUT", liker, author, post)).isEqualTo(204);
            String line = heard.within(Duration.ofMillis(500));
            if (line != null) {
                return line;
            }
            assertThat(likeOrUnlike("DELETE", liker, author, post)).isEqualTo(204);
        }
        return "";
    }

    interface Heard {
        String within(Duration wait) throws InterruptedException;
    }

    @Test
    void aWebSocketSubscriberOnOneInstanceHearsALikeMadeOnTheOtherWithTheGroupedCount() throws Exception {
        // given alice subscribed on the second instance, and carol, who watches too, on the same
        LiveClients.Author alice = LiveClients.newAuthor(base(first), "wsnotified");
        LiveClients.Author bob = LiveClients.newAuthor(base(first), "wsliker");
        LiveClients.Author dora = LiveClients.newAuthor(base(first), "wsliker2");
        LiveClients.Author carol = LiveClients.newAuthor(base(first), "wsbystander");
        String post = postOf(alice);
        LiveClients.Ws ws = LiveClients.Ws.open(base(second), alice.token(), body());
        LiveClients.Ws bystander = LiveClients.Ws.open(base(second), carol.token(), body());

        // when bob likes alice's post through the first instance, then dora
        String heard = likeUntilHeard(bob, alice, post, wait -> ws.await("\"LIKE\"", wait));
        assertThat(likeOrUnlike("PUT", dora, alice, post)).isEqualTo(204);

        // then alice hears each, the second as the same notification counting two, and carol nothing
        assertThat(heard).contains("\"type\":\"next\"").contains("\"count\":1");
        String grouped = ws.await("\"count\":2", Duration.ofSeconds(10));
        assertThat(grouped).isNotNull().contains(Json.of(heard).at("/payload/data/notificationAdded/id").asString());
        assertThat(bystander.await("notificationAdded", Duration.ofSeconds(1))).isNull();
        ws.socket().sendClose(1000, "done").get(5, TimeUnit.SECONDS);
        bystander.socket().sendClose(1000, "done").get(5, TimeUnit.SECONDS);
    }

    @Test
    void anSseSubscriberOnOneInstanceHearsALikeMadeOnTheOther() throws Exception {
        // given alice subscribed over SSE on the second instance, whose headers came at once
        LiveClients.Author alice = LiveClients.newAuthor(base(first), "ssenotified");
        LiveClients.Author bob = LiveClients.newAuthor(base(first), "sseliker");
        String post = postOf(alice);
        LiveClients.Sse sse = LiveClients.Sse.open(base(second), alice.token(), body());
        assertThat(sse.response().get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

        // when bob likes alice's post through the first instance
        String heard = likeUntilHeard(bob, alice, post, wait -> sse.await("\"LIKE\"", wait));

        // then
        assertThat(heard).startsWith("data:").contains("\"notificationAdded\"").contains("\"count\":1");
        sse.client().shutdownNow();
    }

    private static String body() {
        return GraphQlClient.JSON.writeValueAsString(Map.of("query", SUBSCRIPTION));
    }
}
