package org.roost.identity.user;

import java.util.function.BiFunction;

import ch.qos.logback.classic.Level;
import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every operation that takes the current password, driven into the per-account throttle (five wrong passwords, a
 * sixth, then the right one during the back-off): each answers 429 with Retry-After (GraphQL: {@code RATE_LIMITED}),
 * never 500, and logs no ERROR. Two-factor confirm and disable answered 500 there (UnexpectedRollbackException): the
 * check joined their transaction and its refusal marked it rollback-only (issue 47).
 */
abstract class CurrentPasswordThrottleContract {

    @Autowired
    MockMvcTester mvc;

    @Test
    void changingThePassword() {
        throttles("password", (me, password) -> patch(me, "{\"password\":\"a new long password\",\"current_password\":\"%s\"}"
                .formatted(password)));
    }

    @Test
    void changingTheEmailAddress() {
        throttles("email", (me, password) -> patch(me, "{\"email\":\"%s@example.com\",\"current_password\":\"%s\"}"
                .formatted(me.username(), password)));
    }

    @Test
    void confirmingTwoFactorSignIn() {
        throttles("confirm", (me, password) -> {
            post(me, "/api/v1/users/" + me.userId() + "/two-factor", "");
            return post(me, "/api/v1/users/" + me.userId() + "/two-factor/confirm",
                    "{\"current_password\":\"%s\",\"code\":\"123456\"}".formatted(password));
        });
    }

    @Test
    void disablingTwoFactorSignIn() {
        throttles("disable", (me, password) -> post(me, "/api/v1/users/" + me.userId() + "/two-factor/disable",
                "{\"current_password\":\"%s\",\"code\":\"123456\"}".formatted(password)));
    }

    @Test
    void reauthenticating() {
        throttles("reauth", (me, password) -> post(me, "/auth/reauthenticate", "{\"password\":\"%s\"}".formatted(password)));
    }

    @Test
    void changingThePasswordOverGraphQl() {
        ApiClient.Login me = new ApiClient(mvc).newUser("gqlpass");
        String mutation = "mutation($p: String!) { updateMe(input: {password: \"a new long password\", currentPassword: $p}) { id } }";
        try (CapturedLog log = CapturedLog.of(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            for (int i = 0; i < 6; i++) {
                JsonNode wrong = GraphQlClient.body(new GraphQlClient(mvc).post(me, mutation, java.util.Map.of("p", "wrong " + i)));
                assertThat(code(wrong)).isIn("VALIDATION_ERROR", "RATE_LIMITED");
            }
            var right = new GraphQlClient(mvc).post(me, mutation, java.util.Map.of("p", ApiClient.PASSWORD));

            assertThat(right.getResponse().getStatus()).isIn(200, 429);
            assertThat(code(GraphQlClient.body(right))).isEqualTo("RATE_LIMITED");
            assertThat(log.events()).noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.ERROR));
        }
    }

    /** Five wrong passwords and a sixth, then the right one: refused with 429 and Retry-After, no 500, no ERROR. */
    private void throttles(String prefix, BiFunction<ApiClient.Login, String, MvcTestResult> operation) {
        ApiClient.Login me = new ApiClient(mvc).newUser(prefix);
        try (CapturedLog log = CapturedLog.of(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            for (int i = 0; i < 6; i++) {
                MvcTestResult wrong = operation.apply(me, "wrong password " + i);
                assertThat(wrong.getResponse().getStatus()).as("wrong password %d", i).isIn(400, 429);
            }

            MvcTestResult right = operation.apply(me, ApiClient.PASSWORD);

            assertThat(right).hasStatus(429).containsHeader("Retry-After");
            assertThat(right).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
            assertThat(log.events()).noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.ERROR));
        }
    }

    private static String code(JsonNode body) {
        return body.path("errors").path(0).path("extensions").path("code").asString();
    }

    private MvcTestResult patch(ApiClient.Login me, String json) {
        return me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content(json).exchange();
    }

    private MvcTestResult post(ApiClient.Login me, String path, String json) {
        return me.apply(mvc.post().uri(path)).contentType(MediaType.APPLICATION_JSON).content(json).exchange();
    }
}
