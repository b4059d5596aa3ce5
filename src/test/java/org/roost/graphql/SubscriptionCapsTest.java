package org.roost.graphql;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Subscriptions are bounded per connection, per caller and per address, over WebSocket and Server-Sent
 * Events alike, and every operation on a socket pays the caller's rate limit. Small caps and a small budget (300)
 * here, so that the caps are met quickly; the defaults are in application.yml and docs/api.md.
 */
@GraphQlTightened
class SubscriptionCapsTest {

    @LocalServerPort
    int port;

    @Autowired
    SubscriptionPermits permits;

    private String base;
    private final List<LiveClients.Ws> sockets = new ArrayList<>();

    @BeforeEach
    void nothingOpen() throws InterruptedException {
        base = "http://localhost:" + port;
        awaitOpen(0);
    }

    @AfterEach
    void closeSockets() throws InterruptedException {
        sockets.forEach(ws -> ws.socket().abort());
        awaitOpen(0);
    }

    private void awaitOpen(int count) {
        await().atMost(Duration.ofSeconds(5)).until(() -> permits.openCount() == count);
    }

    private LiveClients.Ws socket(LiveClients.Author author) throws Exception {
        LiveClients.Ws ws = LiveClients.Ws.open(base, author); // subscribes once, as id "1"
        sockets.add(ws);
        return ws;
    }

    private static void subscribe(LiveClients.Ws ws, LiveClients.Author author, String id) throws Exception {
        ws.socket().sendText(GraphQlClient.JSON.writeValueAsString(Map.of("id", id, "type", "subscribe",
                "payload", GraphQlClient.JSON.readValue(LiveClients.subscribeBody(author), Map.class))), true)
                .get(5, TimeUnit.SECONDS);
    }

    @Test
    void refusesSubscriptionsOverTheConnectionCapAndTheRateLimit() throws Exception {
        // given
        LiveClients.Author author = LiveClients.newAuthor(base, "flood");
        LiveClients.Ws ws = socket(author);

        // when: 2,000 subscribe messages on one socket
        for (int id = 2; id <= 2000; id++) {
            subscribe(ws, author, Integer.toString(id));
        }

        // then: three are open, every other one got the protocol's error, first for the cap, then for the budget
        List<String> errors = new ArrayList<>();
        for (String message; errors.size() < 1997 && (message = ws.await("\"error\"", Duration.ofSeconds(10))) != null; ) {
            errors.add(message);
        }
        assertThat(errors).hasSize(1997).allMatch(message -> message.contains("RATE_LIMITED"));
        assertThat(errors).anyMatch(message -> message.contains("subscriptions open"))
                .anyMatch(message -> message.contains("rate limit"));
        assertThat(permits.openCount()).isEqualTo(3);
    }

    @Test
    void chargesARefusedDocumentAsTheCostliestAllowedOne() {
        // given: a fresh caller whose budget (300) would pay for 150 small operations
        LiveClients.Author author = LiveClients.newAuthor(base, "costly");
        String body = GraphQlClient.JSON.writeValueAsString(Map.of("query", HostileDocumentsTest.fanOut(30, 2)));

        // when: each refused document costs 160 tokens (8000 points at 50 a token) and the base
        for (int i = 0; i < 1; i++) {
            assertThat(new org.roost.support.HttpSession(base).postJson("/graphql", body,
                    "Authorization", "Bearer " + author.token()).body()).contains("QUERY_TOO_COMPLEX");
        }
        var refused = new org.roost.support.HttpSession(base).postJson("/graphql", body,
                "Authorization", "Bearer " + author.token());

        // then
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(refused.body()).contains("RATE_LIMITED");
    }

    @Test
    void refusesTheSameCallerPastItsCapOnAnyConnectionButNotOthers() throws Exception {
        // given: five subscriptions over two sockets
        LiveClients.Author author = LiveClients.newAuthor(base, "many");
        LiveClients.Ws first = socket(author);
        subscribe(first, author, "2");
        subscribe(first, author, "3");
        LiveClients.Ws second = socket(author);
        subscribe(second, author, "2");
        awaitOpen(5);

        // when
        subscribe(second, author, "3");
        LiveClients.Sse sse = LiveClients.Sse.open(base, author);

        // then
        assertThat(second.await("You have 5 subscriptions open", Duration.ofSeconds(5))).contains("\"id\":\"3\"");
        assertThat(sse.await("RATE_LIMITED", Duration.ofSeconds(5))).isNotNull();
        LiveClients.Author other = LiveClients.newAuthor(base, "other");
        LiveClients.Ws unaffected = socket(other);
        awaitOpen(6);
        assertThat(LiveClients.post(base, other, "Unaffected", "hello").statusCode()).isEqualTo(201);
        assertThat(unaffected.await("Unaffected", Duration.ofSeconds(5))).isNotNull();
    }

    @Test
    void refusesAnAddressPastItsCapWhoeverIsSignedIn() throws Exception {
        // given: four callers with three subscriptions each, all from this address
        for (int caller = 0; caller < 4; caller++) {
            LiveClients.Author author = LiveClients.newAuthor(base, "addr");
            LiveClients.Ws ws = socket(author);
            subscribe(ws, author, "2");
            subscribe(ws, author, "3");
        }
        awaitOpen(12);

        // when
        LiveClients.Author late = LiveClients.newAuthor(base, "late");
        LiveClients.Ws ws = socket(late);

        // then
        assertThat(ws.await("Your address has 12 subscriptions open", Duration.ofSeconds(5))).isNotNull();
        assertThat(permits.openCount()).isEqualTo(12);
    }

    @Test
    void givesThePermitBackWhenASubscriptionCompletes() throws Exception {
        // given
        LiveClients.Author author = LiveClients.newAuthor(base, "complete");
        LiveClients.Ws ws = socket(author);
        awaitOpen(1);

        // when
        ws.socket().sendText("{\"id\":\"1\",\"type\":\"complete\"}", true).get(5, TimeUnit.SECONDS);

        // then
        awaitOpen(0);
    }
}
