package org.roost.platform.operations;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Rows stored before the text rules keep working, and operators can list them. */
@IntegrationTest
class TextCheckEndpointTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Test
    void listsStoredTextThatTheRulesWouldRefuseWhileItKeepsWorking() {
        // given a user and a post written as the old rules allowed
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login old = api.newUser("old");
        ApiClient.Login fan = api.newUser("fan");
        long post = api.createPost(old, "fine");
        String username = "-" + old.username().substring(0, Math.min(old.username().length(), 28)) + ".";
        jdbc.sql("UPDATE users SET username = :u, name = :n WHERE id = :id")
                .param("u", username).param("n", "Mallory\u202Egnp.exe").param("id", old.userId()).update();
        jdbc.sql("UPDATE posts SET title = :t, body = :b WHERE id = :id")
                .param("t", "\u202Eforced").param("b", "Cafe\u0301").param("id", post).update();

        // when
        var check = mvc.get().uri("/actuator/textcheck").exchange();

        // then every broken field is listed
        assertThat(check).hasStatus(200);
        JsonNode report = Json.of(check);
        assertThat(report.get("users_checked").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(report.get("posts_checked").asLong()).isGreaterThanOrEqualTo(1);
        List<Map.Entry<String, String>> listed = report.get("findings").valueStream()
                .filter(finding -> finding.get("id").asString().equals(String.valueOf(
                        finding.get("table").asString().equals("users") ? old.userId() : post)))
                .map(finding -> Map.entry(finding.get("table").asString(), finding.get("field").asString()))
                .toList();
        assertThat(listed).containsExactlyInAnyOrder(Map.entry("users", "username"), Map.entry("users", "name"),
                Map.entry("posts", "title"), Map.entry("posts", "body"));

        // and the user still logs in, is read, followed, and their post read
        var token = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"" + username + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}").exchange();
        assertThat(token).hasStatus(200);
        String bearer = "Bearer " + Json.of(token).get("access_token").asString();
        assertThat(mvc.get().uri("/api/v1/users/" + old.userId()).header("Authorization", bearer).exchange())
                .hasStatus(200).bodyJson().extractingPath("$.name").isEqualTo("Mallory\u202Egnp.exe");
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/" + old.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
        assertThat(mvc.get().uri("/api/v1/users/" + old.userId() + "/posts/" + post).header("Authorization", bearer)
                .exchange()).hasStatus(200).bodyJson().extractingPath("$.title").isEqualTo("\u202Eforced");
        // an update that leaves the old name alone is not refused for it
        assertThat(mvc.patch().uri("/api/v1/users/" + old.userId()).header("Authorization", bearer)
                .contentType(MediaType.APPLICATION_JSON).content("{}").exchange()).hasStatus(200);
    }

    @Test
    void isForOperatorsOnly() {
        // when
        var stranger = mvc.get().uri("/actuator/textcheck").with(request -> {
            request.setRemoteAddr("203.0.113.9");
            return request;
        }).exchange();

        // then
        assertThat(stranger).hasStatus(403);
    }
}
