package org.roost.graphql;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.Json;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Subscribers of one document share an execution only with those allowed to see the same. */
@LiveGraphQlTest
class GraphQlSharedSubscriptionTest {

    private static final String WITH_AUTHOR = "subscription($a: ID) { postCreated(authorId: $a) { title author { name } } }";

    @LocalServerPort
    int port;

    @Test
    void neverHandsASubscriberWhatItsScopesRefuseWhileOthersOfTheSameDocumentGetIt() throws Exception {
        // given two subscribers with every scope on the same document and author
        String base = "http://localhost:" + port;
        LiveClients.Author author = LiveClients.newAuthor(base, "shared");
        String body = LiveClients.subscribeBody(author, WITH_AUTHOR);
        var first = LiveClients.Ws.open(base, author.token(), body);
        var second = LiveClients.Ws.open(base, author.token(), body);
        LiveClients.Ws postsOnly = null;
        try {
            // when posts are written until both have one (each subscribes a moment after its ack)
            String fromFirst = null;
            String fromSecond = null;
            for (int i = 0; i < 40 && (fromFirst == null || fromSecond == null); i++) {
                assertThat(LiveClients.post(base, author, "Shared " + i, "text").statusCode()).isEqualTo(201);
                fromFirst = fromFirst != null ? fromFirst : first.await("\"next\"", Duration.ofMillis(250));
                fromSecond = fromSecond != null ? fromSecond : second.await("\"next\"", Duration.ofMillis(250));
            }

            // and a client without users:read subscribes to the same document
            postsOnly = LiveClients.Ws.open(base, clientToken("posts:read"), body);
            String fromPostsOnly = null;
            for (int i = 0; i < 40 && fromPostsOnly == null; i++) {
                assertThat(LiveClients.post(base, author, "Scoped " + i, "text").statusCode()).isEqualTo(201);
                fromPostsOnly = postsOnly.await("\"id\":\"1\"", Duration.ofMillis(250));
            }

            // then the equals see the name; the other is refused, and never sees it (one execution per group:
            // SharedSubscriptionsTest)
            assertThat(List.of(fromFirst, fromSecond)).allSatisfy(message -> assertThat(message)
                    .contains("\"name\":\"Live\"").doesNotContain("errors"));
            assertThat(fromPostsOnly).isNotNull().contains("error").doesNotContain("\"name\"");
            assertThat(first.await("Scoped", Duration.ofSeconds(5))).contains("\"name\":\"Live\"");
        }
        finally {
            for (var ws : postsOnly == null ? List.of(first, second) : List.of(first, second, postsOnly)) {
                ws.socket().sendClose(1000, "done").join();
            }
        }
    }

    /** Over the real port, as the WebSocket connects: a token names the issuer (host and port) it came from. */
    private String clientToken(String scope) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/oauth2/token"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "roost-demo-service:demo-service-secret".getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&scope="
                        + URLEncoder.encode(scope, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Json.of(answer.body()).get("access_token").asString();
    }
}
