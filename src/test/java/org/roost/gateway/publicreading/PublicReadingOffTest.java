package org.roost.gateway.publicreading;

import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTestVariant;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** roost.public-reading off: every read needs a credential again, through both doors. */
@IntegrationTestVariant // public reading off, among its settings
class PublicReadingOffTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void aVisitorGets401ForEveryReadOverRest() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("closed");
        long post = api.createPost(author, "Members only");
        String user = "/api/v1/users/" + author.userId();

        for (String path : new String[] { "/api/v1/users", user, user + "/posts", user + "/posts/" + post, user + "/followers",
                user + "/following", user + "/posts/" + post + "/likes", "/api/v1/posts", "/api/users/" + author.userId() }) {
            // when
            MvcTestResult result = mvc.get().uri(path).exchange();

            // then
            assertThat(result).as(path).hasStatus(401);
            assertThat(result).as(path).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        }
        // while a signed-in reader still reads them
        assertThat(author.apply(mvc.get().uri("/api/v1/posts"))).hasStatus(200);
    }

    @Test
    void aVisitorsQueryIsUnauthenticatedOverGraphQl() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("closedql");

        // when
        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(null,
                "{ user(id: \"%d\") { name } }".formatted(author.userId())));

        // then
        assertThat(answer.at("/errors/0/extensions/code").asString()).isEqualTo("UNAUTHENTICATED");
        assertThat(answer.at("/data/user").isNull() || answer.at("/data").isNull()).isTrue();
    }

    @Test
    void theOpenApiDocumentOffersNoReadWithoutACredential() {
        JsonNode document = PublicReadingTest.Json.of(mvc.get().uri("/v3/api-docs").exchange());

        assertThat(document.at("/paths/~1api~1v1~1users~1{userId}/get/security").isMissingNode()).isTrue();
    }
}
