package org.roost.platform.liveness;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.roost.graphql.LiveClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.Instances;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance told to stop (SIGTERM closes the context the same way): readiness refuses at once while
 * requests are still served with {@code Connection: close} for the drain period; then SSE streams get
 * {@code complete}, WebSockets close with 1001, and the whole shutdown ends in time.
 */
@ExtendWith(RequiresServices.class)
class ShutdownDrainTest {

    @Test
    void drainsThenCompletesStreamsAndClosesWebSocketsWithGoingAway() throws Exception {
        // given an instance with a short drain and open SSE and WebSocket subscriptions
        ConfigurableApplicationContext instance = Instances.start("--roost.shutdown.drain=5s");
        String base = Instances.base(instance);
        LiveClients.Author author = LiveClients.newAuthor(base, "draining");
        LiveClients.Sse sse = LiveClients.Sse.open(base, author);
        assertThat(sse.response().get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        LiveClients.Ws ws = LiveClients.Ws.open(base, author);

        // when it is told to stop
        long started = System.nanoTime();
        CompletableFuture<Void> closed = CompletableFuture.runAsync(instance::close);

        // then, while draining, readiness refuses and requests are still answered, asking to close the connection
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest readiness = HttpRequest.newBuilder(URI.create(base + "/actuator/health/readiness")).build();
        // (the drain is 5 s so that a loaded machine still has time to see it and send a request within it)
        await("readiness refused").atMost(Duration.ofSeconds(4)).pollDelay(Duration.ZERO)
                .until(() -> http.send(readiness, HttpResponse.BodyHandlers.ofString()).statusCode() == 503);
        HttpResponse<String> served = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/users/" + author.userId()))
                .header("Authorization", "Bearer " + author.token()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("connection")).hasValue("close");

        // and after the drain the SSE stream completes, the WebSocket goes away with 1001, within the bound
        assertThat(sse.await("event:complete", Duration.ofSeconds(10))).isNotNull();
        assertThat(ws.closeCode().get(10, TimeUnit.SECONDS)).isEqualTo(1001);
        closed.get(20, TimeUnit.SECONDS);
        // in time: the 5 s drain plus closing; a shutdown stuck on an open stream would take the stream's whole life
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        sse.client().shutdownNow();
    }
}
