package org.roost.graphql;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The response budget (roost.graphql.max-response-size, 32 KB here) as a client sees it over HTTP. */
@GraphQlTightened
class ResponseBudgetOnServiceTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void stopsAnAnswerLargerThanTheBudgetWithAnErrorInTheContractsShape() {
        // given: five posts of 9,000 characters, 45 KB of bodies
        ApiClient.Login writer = new ApiClient(mvc).newUser("budget");
        for (int i = 0; i < 5; i++) {
            var created = writer.apply(mvc.post().uri("/api/v1/users/" + writer.userId() + "/posts"))
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"title\":\"long " + i + "\",\"body\":\"" + "x".repeat(9_000) + "\"}").exchange();
            assertThat(created).hasStatus(201);
        }

        // when
        var result = new GraphQlClient(mvc).post(writer, "{ me { posts(first: 5) { title body } } }");

        // then
        assertThat(result).hasStatus(200);
        JsonNode body = GraphQlClient.body(result);
        assertThat(body.get("data").isNull()).as(body.toString()).isTrue();
        JsonNode error = body.get("errors").get(0);
        assertThat(error.get("extensions").get("code").asString()).isEqualTo("QUERY_TOO_COMPLEX");
        assertThat(error.get("extensions").get("request_id").asString()).isEqualTo(result.getResponse().getHeader("X-Request-Id"));
        assertThat(error.get("message").asString()).contains("response budget");
        assertThat(result.getResponse().getContentAsByteArray().length).isLessThan(1_000);

        // and the same posts, asked for less, come back
        JsonNode titles = GraphQlClient.body(new GraphQlClient(mvc).post(writer, "{ me { posts(first: 5) { title } } }"));
        assertThat(titles.has("errors")).as(titles.toString()).isFalse();
        assertThat(titles.get("data").get("me").get("posts")).hasSize(5);
    }
}
