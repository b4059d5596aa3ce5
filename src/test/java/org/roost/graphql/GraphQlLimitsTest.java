package org.roost.graphql;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

@LiveGraphQlTest
class GraphQlLimitsTest {

    @Autowired
    MockMvcTester mvc;

    private ApiClient.Login login;
    private long statementsBefore;

    @BeforeEach
    void signIn() {
        login = new ApiClient(mvc).newUser("limits");
        statementsBefore = StatementCounter.count();
    }

    @Test
    void rejectsTooDeepQuery() {
        // when
        JsonNode body = run("{ me { followers { followers { followers { followers { followers { followers { followers { id } } } } } } } } }");

        // then
        assertRefused(body, "deeper");
    }

    @Test
    void rejectsTooCostlyQuery() {
        // when
        JsonNode body = run("{ users(first: 100) { posts(first: 100) { title } followers(first: 100) { name } } }");

        // then
        assertRefused(body, "cost");
    }

    @Test
    void rejectsTooManyAliases() {
        // when
        StringBuilder query = new StringBuilder("{");
        for (int i = 0; i < 16; i++) {
            query.append(" a").append(i).append(": me { id }");
        }
        JsonNode body = run(query.append(" }").toString());

        // then
        assertRefused(body, "aliases");
    }

    @Test
    void rejectsTooLongDocument() {
        // when
        JsonNode body = run("{ me { id } }" + " ".repeat(17_000));

        // then
        assertRefused(body, "longer");
    }

    @Test
    void pointsAtTheFieldThatCrossedTheDepthLimit() {
        // when
        JsonNode body = run("{ me { followers { followers { followers { followers { followers { followers { followers { id } } } } } } } } }");

        // then
        assertThat(body.get("errors").get(0).get("locations").get(0).get("line").asInt()).isEqualTo(1);
        assertThat(body.get("errors").get(0).get("locations").get(0).get("column").asInt()).isGreaterThan(60);
    }

    @Test
    void acceptsAQueryWithinTheLimits() {
        // when
        JsonNode body = run("{ a: me { id } users(first: 10) { posts(first: 10) { title } followers { name } } }");

        // then
        assertThat(body.has("errors")).isFalse();
        assertThat(body.get("data").get("a").get("id").asString()).isEqualTo(String.valueOf(login.userId()));
    }

    @Test
    void refusesTheHundredDeepThreadQueryOfAVisitorByItsCost() {
        // given: the query of issue 47, which answered 100.9 MB to a visitor when both lists counted as 20 items
        String ids = java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(i -> "\\\"" + i + "\\\"")
                .collect(java.util.stream.Collectors.joining(","));

        // when
        var result = mvc.post().uri("/graphql").contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ postsById(ids: [" + ids + "]) { ancestors { id title body } } }\"}").exchange();

        // then: 100 posts of 100 ancestors of 3 fields, 1 + 100 x (1 + 100 x 3) points
        assertThat(result).hasStatus(200);
        assertRefused(GraphQlClient.body(result), "30101 points");
    }

    @Test
    void servesAThreadQueryOfAVisitorWithinTheCost() {
        // given
        long post = new ApiClient(mvc).createPost(login, "a thread of its own");

        // when: 1 + 1 x (1 + 1 + 100 x 2) points
        var result = mvc.post().uri("/graphql").contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ postsById(ids: [\\\"" + post + "\\\"]) { title ancestors { id title } } }\"}")
                .exchange();

        // then
        JsonNode body = GraphQlClient.body(result);
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        assertThat(body.get("data").get("postsById").get(0).get("title").asString()).isEqualTo("a thread of its own");
    }

    @Test
    void stopsAVisitorsLargestAffordableThreadAnswerAtTheResponseBudget() throws Exception {
        // given: a thread 100 posts deep, each with a body of 10,000 characters
        String body = "x".repeat(10_000);
        java.util.List<String> thread = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            String parent = thread.isEmpty() ? "" : ",\"in_reply_to\":\"" + thread.getLast() + "\"";
            var created = login.apply(mvc.post().uri("/api/v1/users/" + login.userId() + "/posts"))
                    .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                    .content("{\"title\":\"deep " + i + "\",\"body\":\"" + body + "\"" + parent + "}").exchange();
            assertThat(created).hasStatus(201);
            thread.add(GraphQlClient.body(created).get("id").asString());
        }
        // the 16 deepest posts and their ancestors: 1 + 16 x (1 + 100 x 3) = 4,817 points, within the cost limit,
        // and about 14.5 MB of bodies
        String ids = thread.subList(84, 100).stream().map(id -> "\\\"" + id + "\\\"")
                .collect(java.util.stream.Collectors.joining(","));

        // when
        long start = System.nanoTime();
        var result = mvc.post().uri("/graphql").contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ postsById(ids: [" + ids + "]) { ancestors { id title body } } }\"}").exchange();
        long took = System.nanoTime() - start;

        // then: one error instead of the data, and an answer of a few hundred bytes
        JsonNode answer = GraphQlClient.body(result);
        int size = result.getResponse().getContentAsByteArray().length;
        System.out.printf("issue 47: the 16-deep-thread query as a visitor answered %,d bytes in %d ms: %s%n", size,
                took / 1_000_000, answer.path("errors").path(0).path("message").asString());
        assertThat(answer.get("data").isNull()).as(answer.toString()).isTrue();
        assertThat(answer.get("errors").get(0).get("extensions").get("code").asString()).isEqualTo("QUERY_TOO_COMPLEX");
        assertThat(answer.get("errors").get(0).get("message").asString()).contains("response budget");
        assertThat(size).isLessThan(1_000);
    }

    private JsonNode run(String query) {
        var result = new GraphQlClient(mvc).post(login, query);
        assertThat(result).hasStatus(200);
        return GraphQlClient.body(result);
    }

    private void assertRefused(JsonNode body, String why) {
        assertThat(body.has("data")).isFalse();
        JsonNode error = body.get("errors").get(0);
        assertThat(error.get("extensions").get("code").asString()).isEqualTo("QUERY_TOO_COMPLEX");
        assertThat(error.get("message").asString()).contains(why);
        // refused before execution: nothing but the login's own statements ran
        assertThat(StatementCounter.count()).isEqualTo(statementsBefore);
    }
}
