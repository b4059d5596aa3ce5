package org.roost.graphql;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.roost.platform.live.LiveEvents;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.graphql.test.tester.WebSocketGraphQlTester;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.reactive.socket.client.StandardWebSocketClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

@LiveGraphQlTest
class GraphQlSubscriptionTest {

    private static final String POST_CREATED = "subscription($a: ID) { postCreated(authorId: $a) { title author { id } } }";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    LiveEvents events;

    @LocalServerPort
    int port;

    private WebSocketGraphQlTester webSocket(String cookie) {
        return WebSocketGraphQlTester.builder(URI.create("ws://localhost:" + port + "/graphql"), new StandardWebSocketClient())
                .headers(headers -> {
                    if (cookie != null) {
                        headers.add(HttpHeaders.COOKIE, cookie);
                    }
                }).build();
    }

    /** Writes through REST until the subscriber has seen an event (it may subscribe a moment after the first write). */
    private <T> T writeUntil(CompletableFuture<T> received, ApiClient api, ApiClient.Login author) throws Exception {
        for (int i = 0; i < 40 && !received.isDone(); i++) {
            api.createPost(author, "Live");
            try {
                return received.get(250, TimeUnit.MILLISECONDS);
            }
            catch (java.util.concurrent.TimeoutException notYet) {
                // the subscription is not established yet
            }
        }
        return received.get(1, TimeUnit.SECONDS);
    }

    @Test
    void receivesOverWebSocketAPostCreatedThroughRest() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("live");
        WebSocketGraphQlTester tester = webSocket("SESSION=" + author.session().getValue());

        // when
        CompletableFuture<String> title = tester.document(POST_CREATED).variable("a", String.valueOf(author.userId()))
                .executeSubscription().toFlux("postCreated.title", String.class).next().toFuture();

        // then
        assertThat(writeUntil(title, api, author)).isEqualTo("Live");
        tester.stop().block(Duration.ofSeconds(5));
    }

    @Test
    void refusesAWebSocketSubscriptionWithoutCredential() {
        // given
        WebSocketGraphQlTester tester = webSocket(null);

        // when / then
        assertThatThrownBy(() -> tester.document(POST_CREATED).executeSubscription().toFlux()
                .blockFirst(Duration.ofSeconds(10))).hasStackTraceContaining("4401");
    }

    @Test
    void refusesACrossSiteHandshakeCarryingTheSessionCookie() {
        // given
        ApiClient.Login victim = new ApiClient(mvc).newUser("victim");
        WebSocketGraphQlTester tester = WebSocketGraphQlTester.builder(URI.create("ws://localhost:" + port + "/graphql"),
                new StandardWebSocketClient()).headers(headers -> {
                    headers.add(HttpHeaders.COOKIE, "SESSION=" + victim.session().getValue());
                    headers.add(HttpHeaders.ORIGIN, "https://evil.example");
                }).build();

        // when / then: Spring refuses a cross-origin upgrade outright (and the cookie would be ignored anyway)
        assertThatThrownBy(() -> tester.document(POST_CREATED).executeSubscription().toFlux()
                .blockFirst(Duration.ofSeconds(10))).hasStackTraceContaining("403");
    }

    @Test
    void endsTheSubscriptionWhenItsSessionEnds() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login user = api.newUser("ending");
        WebSocketGraphQlTester tester = webSocket("SESSION=" + user.session().getValue());
        int before = events.subscribers();
        var stream = tester.document("subscription { followerAdded { id } }").executeSubscription().toFlux();
        CompletableFuture<Object> ended = stream.then().<Object>thenReturn("completed")
                .onErrorResume(error -> reactor.core.publisher.Mono.just(error)).toFuture();
        await().atMost(Duration.ofSeconds(10)).until(() -> events.subscribers() > before); // it is live

        // when
        assertThat(user.apply(mvc.post().uri("/logout")).exchange()).hasStatus(204);

        // then
        assertThat(ended.get(10, TimeUnit.SECONDS)).isNotNull();
        assertThat(ended.get().toString()).contains("UNAUTHENTICATED");
    }

    @Test
    void receivesOverServerSentEventsAPostCreatedThroughRest() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("sse");
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/graphql"))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .header("Cookie", "SESSION=" + author.session().getValue() + "; XSRF-TOKEN=" + author.xsrf())
                .header("X-XSRF-TOKEN", author.xsrf())
                .POST(HttpRequest.BodyPublishers.ofString(GraphQlClient.JSON.writeValueAsString(java.util.Map.of(
                        "query", POST_CREATED, "variables", java.util.Map.of("a", String.valueOf(author.userId()))))))
                .build();

        // when
        HttpClient client = HttpClient.newHttpClient();
        CompletableFuture<String> event = client.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                .thenApply(response -> {
                    assertThat(response.statusCode()).isEqualTo(200);
                    try (Stream<String> lines = response.body()) {
                        return lines.filter(line -> line.startsWith("data:")).findFirst().orElse("");
                    }
                });

        // then
        assertThat(writeUntil(event, api, author)).contains("\"title\":\"Live\"").contains("\"postCreated\"");
        client.shutdownNow();
    }
}
