package org.roost.graphql;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

@LiveGraphQlTest
class GraphQlMutationTest {

    @Autowired
    MockMvcTester mvc;

    private JsonNode run(ApiClient.Login login, String query, Map<String, Object> variables) {
        var result = new GraphQlClient(mvc).post(login, query, variables);
        assertThat(result).hasStatus(200);
        return GraphQlClient.body(result);
    }

    private static String code(JsonNode body) {
        return body.get("errors").get(0).get("extensions").get("code").asString();
    }

    @Test
    void createsUpdatesAndDeletesOwnPostButNotSomeoneElses() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("author");
        ApiClient.Login other = api.newUser("other");

        // when
        JsonNode created = run(author, "mutation { createPost(input: {title: \"Hi\", body: \"b\"}) { id title author { id } } }", Map.of());
        String id = created.get("data").get("createPost").get("id").asString();
        JsonNode foreignUpdate = run(other, "mutation($id: ID!) { updatePost(id: $id, input: {title: \"X\"}) { id } }", Map.of("id", id));
        JsonNode foreignDelete = run(other, "mutation($id: ID!) { deletePost(id: $id) }", Map.of("id", id));
        JsonNode updated = run(author, "mutation($id: ID!) { updatePost(id: $id, input: {title: \"Hello\"}) { title body } }", Map.of("id", id));
        JsonNode deleted = run(author, "mutation($id: ID!) { deletePost(id: $id) }", Map.of("id", id));
        JsonNode gone = run(author, "query($id: ID!) { post(id: $id) { id } }", Map.of("id", id));

        // then
        assertThat(created.get("data").get("createPost").get("author").get("id").asString()).isEqualTo(String.valueOf(author.userId()));
        assertThat(code(foreignUpdate)).isEqualTo("FORBIDDEN");
        assertThat(code(foreignDelete)).isEqualTo("FORBIDDEN");
        assertThat(updated.get("data").get("updatePost").get("title").asString()).isEqualTo("Hello");
        assertThat(updated.get("data").get("updatePost").get("body").asString()).isEqualTo("b");
        assertThat(deleted.get("data").get("deletePost").asBoolean()).isTrue();
        assertThat(gone.get("data").get("post").isNull()).isTrue();
    }

    @Test
    void followsAndUnfollowsAsTheCallerOnly() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login star = api.newUser("star");
        ApiClient.Login fan = api.newUser("fan");
        Map<String, Object> vars = Map.of("id", String.valueOf(star.userId()));

        // when
        JsonNode followed = run(fan, "mutation($id: ID!) { follow(userId: $id) { id followerCount followers { username } } }", vars);
        JsonNode self = run(star, "mutation($id: ID!) { follow(userId: $id) { id } }", vars);
        JsonNode unfollowed = run(fan, "mutation($id: ID!) { unfollow(userId: $id) { followerCount } }", vars);

        // then
        assertThat(followed.get("data").get("follow").get("followerCount").asInt()).isEqualTo(1);
        assertThat(followed.get("data").get("follow").get("followers").get(0).get("username").asString()).isEqualTo(fan.username());
        assertThat(code(self)).isEqualTo("VALIDATION_ERROR");
        assertThat(unfollowed.get("data").get("unfollow").get("followerCount").asInt()).isZero();
    }

    @Test
    void updatesOnlyTheCallersOwnProfile() {
        // given
        ApiClient.Login ivy = new ApiClient(mvc).newUser("ivy");

        // when
        JsonNode renamed = run(ivy, "mutation { updateMe(input: {name: \"Ivy Green\"}) { id name } }", Map.of());
        JsonNode blank = run(ivy, "mutation { updateMe(input: {name: \" \"}) { id } }", Map.of());
        JsonNode anonymous = GraphQlClient.body(new GraphQlClient(mvc).post(null, "mutation { updateMe(input: {name: \"X\"}) { id } }"));

        // then
        assertThat(renamed.get("data").get("updateMe").get("id").asString()).isEqualTo(String.valueOf(ivy.userId()));
        assertThat(renamed.get("data").get("updateMe").get("name").asString()).isEqualTo("Ivy Green");
        assertThat(code(blank)).isEqualTo("VALIDATION_ERROR");
        assertThat(code(anonymous)).isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void refusesAVariableOfAnotherScalarTypeAsAValidationError() {
        // given
        ApiClient.Login kit = new ApiClient(mvc).newUser("kit");

        // when: GraphQL's input coercion takes no Int for a String
        JsonNode result = run(kit, "mutation($t: String!) { createPost(input: {title: $t, body: \"x\"}) { id } }",
                Map.of("t", 5));

        // then
        assertThat(code(result)).isEqualTo("VALIDATION_ERROR");
        assertThat(result.get("data") == null || result.get("data").isNull()).isTrue();
    }

    @Test
    void appliesTheTextRulesOfRestToNamesAndPosts() {
        // given
        ApiClient.Login lev = new ApiClient(mvc).newUser("lev");

        // when
        JsonNode override = run(lev, "mutation($n: String!) { updateMe(input: {name: $n}) { name } }",
                Map.of("n", "lev\u202Eoj"));
        JsonNode title = run(lev, "mutation($t: String!) { createPost(input: {title: $t}) { id } }",
                Map.of("t", "\u202Dforced"));
        JsonNode composed = run(lev, "mutation($t: String!) { createPost(input: {title: $t}) { title } }",
                Map.of("t", "Cafe\u0301"));

        // then
        assertThat(code(override)).isEqualTo("VALIDATION_ERROR");
        assertThat(code(title)).isEqualTo("VALIDATION_ERROR");
        assertThat(composed.get("data").get("createPost").get("title").asString()).isEqualTo("Caf\u00e9");
    }
}
