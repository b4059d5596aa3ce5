package org.roost.graphql.transport;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import graphql.ExecutionResult;

import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.platform.live.LiveEvents;
import org.roost.platform.shared.ErrorCode;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@LiveGraphQlTest
class GraphQlHttpTest {

    private static final String GRAPHQL_RESPONSE = "application/graphql-response+json";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    LiveEvents events;

    @Test
    void refusesASubscriptionWithoutAnEventStreamAndKeepsNothingOpen() {
        // given a user, and the live subscriptions open before
        ApiClient.Login alice = new ApiClient(mvc).newUser("nostream");
        int before = events.subscribers();

        // when a subscription is posted for a JSON answer (an equal one could share its execution)
        var result = new GraphQlClient(mvc).post(alice, "subscription { postCreated { title } }", Map.of());

        // then it is refused, and no live subscription is left behind
        assertThat(GraphQlClient.body(result).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("NOT_ACCEPTABLE");
        await().atMost(Duration.ofSeconds(2)).until(() -> events.subscribers() <= before);
        assertThat(events.subscribers()).isEqualTo(before);
    }

    @Test
    void answersTheSeedQueryWithExactlyTheRequestedFields() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login alice = api.newUser("seed");
        api.createPost(alice, "First");
        api.createPost(alice, "Second");

        // when
        var result = new GraphQlClient(mvc).post(alice, "query($id: ID!) { user(id: $id) { name posts { title } } }",
                Map.of("id", String.valueOf(alice.userId())));

        // then
        assertThat(result).hasStatus(200);
        JsonNode user = GraphQlClient.body(result).get("data").get("user");
        assertThat(user.propertyNames()).containsExactly("name", "posts");
        assertThat(user.get("posts").get(0).propertyNames()).containsExactly("title");
        assertThat(user.get("posts").findValuesAsString("title")).containsExactly("Second", "First");
        assertThat(GraphQlClient.body(result).has("errors")).isFalse();
    }

    @Test
    void answersAnUnauthenticatedRequestWith200AndUnauthenticatedInTheBody() {
        // when
        // a query would read as a visitor while roost.public-reading is on (PublicReadingTest); a mutation never does
        var result = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"mutation { follow(userId: \\\"1\\\") { id } }\"}").exchange();

        // then
        assertThat(result).hasStatus(200);
        JsonNode error = GraphQlClient.body(result).get("errors").get(0);
        assertThat(error.get("extensions").get("code").asString()).isEqualTo("UNAUTHENTICATED");
        assertThat(error.get("extensions").get("request_id").asString())
                .isEqualTo(result.getResponse().getHeader("X-Request-Id"));
        assertThat(error.get("path").get(0).asString()).isEqualTo("follow");
        assertThat(error.has("locations")).isTrue();
    }

    @Test
    void answersUnauthenticatedWith401UnderGraphQlResponseJson() {
        // when
        var result = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content("{\"query\":\"mutation { follow(userId: \\\"1\\\") { id } }\"}").exchange();

        // then
        assertThat(result).hasStatus(401);
        assertThat(result.getResponse().getContentType()).startsWith(GRAPHQL_RESPONSE);
    }

    @Test
    void reportsValidationErrorsOfInputsWithHttp200() {
        // given
        ApiClient.Login bob = new ApiClient(mvc).newUser("invalid");

        // when
        var result = new GraphQlClient(mvc).post(bob, "mutation { createPost(input: {title: \"   \"}) { id } }");

        // then
        assertThat(result).hasStatus(200);
        JsonNode error = GraphQlClient.body(result).get("errors").get(0);
        assertThat(error.get("extensions").get("code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("extensions").get("details").get(0).get("field").asString()).isEqualTo("input.title");
        assertThat(error.get("path").get(0).asString()).isEqualTo("createPost");
    }

    @Test
    void returnsPartialDataWhenOnlySomeFieldsFail() {
        // given
        ApiClient.Login carol = new ApiClient(mvc).newUser("partial");

        // when
        var result = new GraphQlClient(mvc).post(carol, "{ ok: me { username } bad: me { posts(first: 0) { title } } }");

        // then
        JsonNode body = GraphQlClient.body(result);
        assertThat(result).hasStatus(200);
        assertThat(body.get("data").get("ok").get("username").asString()).isEqualTo(carol.username());
        assertThat(body.get("data").get("bad").isNull()).isTrue();
        assertThat(body.get("errors").get(0).get("extensions").get("code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("errors").get(0).get("path").toString()).isEqualTo("[\"bad\",\"posts\"]");
    }

    @Test
    void refusesAMutationOverGet() {
        // given
        ApiClient.Login dan = new ApiClient(mvc).newUser("get");

        // when
        var json = dan.cookieOnly(mvc.get().uri("/graphql").param("query", "mutation { deletePost(id: \"1\") }")).exchange();
        var strict = dan.cookieOnly(mvc.get().uri("/graphql").param("query", "mutation { deletePost(id: \"1\") }"))
                .accept(GRAPHQL_RESPONSE).exchange();

        // then
        assertThat(json).hasStatus(200);
        assertThat(GraphQlClient.body(json).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(strict).hasStatus(405);
        assertThat(strict.getResponse().getHeader("Allow")).isEqualTo("POST");
    }

    @Test
    void answersQueriesOverGet() {
        // given
        ApiClient.Login erin = new ApiClient(mvc).newUser("reader");

        // when
        var result = erin.cookieOnly(mvc.get().uri("/graphql").param("query", "{ me { username } }")).exchange();

        // then
        assertThat(result).hasStatus(200);
        assertThat(GraphQlClient.body(result).get("data").get("me").get("username").asString()).isEqualTo(erin.username());
    }

    @Test
    void refusesABatchOfOperations() {
        // when
        var result = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content("[{\"query\":\"{ __typename }\"},{\"query\":\"{ __typename }\"}]").exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(GraphQlClient.body(result).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("QUERY_TOO_COMPLEX");
    }

    @Test
    void answersUnreadableJsonWith200UnderJsonAnd400UnderGraphQlResponse() {
        // when
        var json = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).content("{ \"not json").exchange();
        var strict = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content("{ \"not json").exchange();

        // then
        assertThat(json).hasStatus(200);
        assertThat(GraphQlClient.body(json).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("MALFORMED_REQUEST");
        assertThat(strict).hasStatus(400);
    }

    @Test
    void requiresTheCsrfTokenForAPostWithTheSessionCookie() {
        // given
        ApiClient.Login fay = new ApiClient(mvc).newUser("csrf");

        // when
        var result = fay.cookieOnly(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ me { id } }\"}").exchange();

        // then
        assertThat(result).hasStatus(403);
    }

    @Test
    void runsAnAutomaticPersistedQueryByItsHash() throws Exception {
        // given
        ApiClient.Login gus = new ApiClient(mvc).newUser("apq");
        String query = "{ me { username } }";
        String hash = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(query.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        String extensions = "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"" + hash + "\"}}";

        // when
        var miss = gus.cookieOnly(mvc.get().uri("/graphql").param("extensions", extensions)).exchange();
        var register = gus.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"" + query + "\",\"extensions\":" + extensions + "}").exchange();
        var hit = gus.cookieOnly(mvc.get().uri("/graphql").param("extensions", extensions)).exchange();

        // then
        assertThat(GraphQlClient.body(miss).get("errors").get(0).get("message").asString()).isEqualTo("PersistedQueryNotFound");
        assertThat(register).hasStatus(200);
        assertThat(GraphQlClient.body(hit).get("data").get("me").get("username").asString()).isEqualTo(gus.username());
    }

    @Test
    void printsTheSchemaWithItsDeprecation() {
        // given
        ApiClient.Login hal = new ApiClient(mvc).newUser("schema");

        // when
        var result = hal.cookieOnly(mvc.get().uri("/graphql/schema")).exchange();

        // then
        assertThat(result).hasStatus(200);
        assertThat(result).bodyText().contains("type User").contains("login: String! @deprecated(reason");
    }

    @Test
    void refusesABodyWithTheSameKeyTwice() {
        // when
        var result = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content("{\"query\":\"{ __typename }\",\"query\":\"mutation { deletePost(id: \\\"1\\\") }\"}")
                .exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(GraphQlClient.body(result).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("MALFORMED_REQUEST");
        assertThat(GraphQlClient.body(result).get("errors").get(0).get("message").asString()).contains("query");
    }

    @Test
    void refusesABodyThatIsNoUtf8OrHoldsALoneSurrogate() {
        // given an overlong '"' (C0 A2) that would end the string early, and an escaped lone surrogate
        java.io.ByteArrayOutputStream overlong = new java.io.ByteArrayOutputStream();
        overlong.writeBytes("{\"query\":\"{ __typename }\",\"operationName\":\"a".getBytes(StandardCharsets.UTF_8));
        overlong.writeBytes(new byte[] { (byte) 0xC0, (byte) 0xA2 });
        overlong.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));

        // when
        var invalid = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content(overlong.toByteArray()).exchange();
        var surrogate = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON).accept(GRAPHQL_RESPONSE)
                .content("{\"query\":\"query($u: String!) { userByUsername(username: $u) { id } }\","
                        + "\"variables\":{\"u\":\"\\udc00\"}}")
                .exchange();

        // then
        assertThat(invalid).hasStatus(400);
        assertThat(GraphQlClient.body(invalid).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("MALFORMED_REQUEST");
        assertThat(surrogate).hasStatus(400);
        assertThat(GraphQlClient.body(surrogate).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("MALFORMED_REQUEST");
    }

    @Test
    void answersAFailureWithoutDataWithTheStatusOfItsCodeNeverA499() {
        // given: results without data, whose first error is an unexpected failure, an outage, or unclassified
        ExecutionResult internal = graphql.ExecutionResult.newExecutionResult()
                .addError(GraphQlErrors.of(ErrorCode.INTERNAL_ERROR, null, "r1")).build();
        ExecutionResult outage = graphql.ExecutionResult.newExecutionResult()
                .addError(GraphQlErrors.of(ErrorCode.SERVICE_UNAVAILABLE, null, "r2")).build();
        ExecutionResult foreign = graphql.ExecutionResult.newExecutionResult()
                .addError(graphql.GraphqlErrorBuilder.newError().message("boom").build()).build();
        ExecutionResult refused = graphql.ExecutionResult.newExecutionResult()
                .addError(GraphQlErrors.of(ErrorCode.QUERY_TOO_COMPLEX, null, "r3")).build();

        // when / then
        assertThat(GraphQlHttpEndpoint.status(internal)).isEqualTo(500);
        assertThat(GraphQlHttpEndpoint.status(outage)).isEqualTo(503);
        assertThat(GraphQlHttpEndpoint.status(foreign)).isEqualTo(500);
        assertThat(GraphQlHttpEndpoint.status(refused)).isEqualTo(400);
    }
}
