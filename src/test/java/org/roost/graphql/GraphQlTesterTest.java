package org.roost.graphql;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.graphql.test.tester.HttpGraphQlTester;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.client.MockMvcWebTestClient;

/** The seed query and the owner rule through Spring's {@link HttpGraphQlTester}, as a GraphQL client sees them. */
@LiveGraphQlTest
class GraphQlTesterTest {

    @Autowired
    MockMvc mockMvc;

    @Autowired
    MockMvcTester mvc;

    private HttpGraphQlTester as(ApiClient.Login login) {
        WebTestClient client = MockMvcWebTestClient.bindTo(mockMvc).baseUrl("/graphql")
                .defaultCookie("SESSION", login.session().getValue()).defaultCookie("XSRF-TOKEN", login.xsrf())
                .defaultHeader("X-XSRF-TOKEN", login.xsrf()).build();
        return HttpGraphQlTester.create(client);
    }

    @Test
    void answersTheSeedQuery() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login jo = api.newUser("tester");
        api.createPost(jo, "Only");

        // when / then
        as(jo).document("query($id: ID!) { user(id: $id) { name posts { title } } }")
                .variable("id", String.valueOf(jo.userId())).execute()
                .path("user.name").entity(String.class).isEqualTo(jo.username())
                .path("user.posts[*].title").entityList(String.class).containsExactly("Only");
    }

    @Test
    void refusesToUpdateSomeoneElsesPost() {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login owner = api.newUser("owner");
        ApiClient.Login intruder = api.newUser("intruder");
        long post = api.createPost(owner, "Mine");

        // when / then
        as(intruder).document("mutation($id: ID!) { updatePost(id: $id, input: {title: \"Yours\"}) { title } }")
                .variable("id", String.valueOf(post)).execute()
                .errors().expect(error -> "FORBIDDEN".equals(error.getExtensions().get("code"))
                        && error.getExtensions().get("request_id") != null)
                .verify()
                .path("$.data").valueIsNull(); // updatePost is non-null, so its failure nulls the whole data
    }
}
