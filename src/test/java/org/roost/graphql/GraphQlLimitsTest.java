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
