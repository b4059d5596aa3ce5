package org.roost.social.post;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.graphql.test.tester.WebSocketGraphQlTester;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.reactive.socket.client.StandardWebSocketClient;

import static org.assertj.core.api.Assertions.assertThat;

@LiveGraphQlTest
class FeedSubscriptionTest {

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    @Test
    void deliversNewPostsOfFollowedPeopleButNotOfStrangers() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login reader = api.newUser("subreader");
        ApiClient.Login star = api.newUser("substar");
        ApiClient.Login stranger = api.newUser("substranger");
        assertThat(reader.apply(mvc.put().uri("/api/v1/users/" + star.userId() + "/followers/" + reader.userId()))
                .exchange()).hasStatus2xxSuccessful();
        WebSocketGraphQlTester tester = WebSocketGraphQlTester.builder(URI.create("ws://localhost:" + port + "/graphql"),
                new StandardWebSocketClient()).headers(h -> h.add(HttpHeaders.COOKIE, "SESSION=" + reader.session().getValue()))
                .build();

        // when
        CompletableFuture<String> title = tester.document("subscription { feedPostCreated { title author { username } } }")
                .executeSubscription().toFlux("feedPostCreated.title", String.class).next().toFuture();
        String received = null;
        for (int i = 0; i < 40 && received == null; i++) {
            api.createPost(stranger, "from a stranger");
            api.createPost(star, "from the star");
            try {
                received = title.get(250, TimeUnit.MILLISECONDS);
            }
            catch (java.util.concurrent.TimeoutException notYet) {
                // the subscription is not established yet
            }
        }

        // then
        assertThat(received).isEqualTo("from the star");
        tester.stop().block(Duration.ofSeconds(5));
    }
}
