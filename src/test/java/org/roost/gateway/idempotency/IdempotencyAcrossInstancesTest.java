package org.roost.gateway.idempotency;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** A client whose first attempt reached one instance retries through the balancer and lands on another. */
@ExtendWith(RequiresServices.class)
class IdempotencyAcrossInstancesTest {

    @Test
    void aRepeatOnAnotherInstanceReturnsTheFirstPostAndCreatesNoOther() throws Exception {
        // given two instances and a post created on the first with a key
        // the run's two shared instances (Instances.pair): this test's users are its own
        ConfigurableApplicationContext first = Instances.pair().get(0);
        ConfigurableApplicationContext second = Instances.pair().get(1);
        HttpSession a = new HttpSession(Instances.base(first));
        HttpSession b = new HttpSession(Instances.base(second));
        String username = ApiClient.uniqueUsername("rita");
        String userId = Json.of(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Rita\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).body()).get("id").asString();
        String token = Json.of(a.postJson("/auth/token", "{\"username\":\"%s\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).body()).get("access_token").asString();
        String posts = "/api/v1/users/" + userId + "/posts";
        HttpResponse<String> created = a.postJson(posts, "{\"title\":\"Retried\"}", "Authorization", "Bearer " + token,
                "Idempotency-Key", "retry-across");

        // when the client repeats it on the second instance
        HttpResponse<String> repeated = b.postJson(posts, "{\"title\":\"Retried\"}", "Authorization", "Bearer " + token,
                "Idempotency-Key", "retry-across");

        // then the second answers with the first post, and only one exists
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(repeated.statusCode()).isEqualTo(201);
        assertThat(Json.of(repeated.body()).get("id").asString()).isEqualTo(Json.of(created.body()).get("id").asString());
        assertThat(repeated.headers().firstValue("Location")).isEqualTo(created.headers().firstValue("Location"));
        assertThat(Json.of(b.get(posts, "Authorization", "Bearer " + token).body()).get("items").size()).isEqualTo(1);
    }
}
