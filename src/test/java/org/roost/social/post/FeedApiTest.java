package org.roost.social.post;

import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class FeedApiTest {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    void follow(ApiClient.Login fan, ApiClient.Login star) {
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/" + star.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus2xxSuccessful();
    }

    void unfollow(ApiClient.Login fan, ApiClient.Login star) {
        assertThat(fan.apply(mvc.delete().uri("/api/v1/users/" + star.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
    }

    MvcTestResult feed(ApiClient.Login reader, String query) {
        return reader.apply(mvc.get().uri("/api/v1/feed" + query)).exchange();
    }

    List<String> titles(ApiClient.Login reader) throws Exception {
        return JsonPath.read(feed(reader, "?limit=100").getResponse().getContentAsString(), "$.items[*].title");
    }

    @Test
    void showsFollowedAndOwnPostsNewestFirstWithTheirAuthors() throws Exception {
        // given
        var reader = api().newUser("reader");
        var star = api().newUser("star");
        var stranger = api().newUser("stranger");
        api().createPost(star, "before the follow");
        follow(reader, star);
        api().createPost(reader, "mine");
        api().createPost(stranger, "not followed");
        long latest = api().createPost(star, "after the follow");

        // when
        var result = feed(reader, "");

        // then
        assertThat(result).hasStatus(200);
        assertThat(titles(reader)).containsExactly("after the follow", "mine", "before the follow");
        assertThat(result).bodyJson().extractingPath("$.items[0].author.username").isEqualTo(star.username());
        assertThat(result).bodyJson().extractingPath("$.items[0].author.name").isEqualTo(star.username());
        assertThat(result).bodyJson().extractingPath("$.items[0]._links.self")
                .isEqualTo("/api/v1/users/" + star.userId() + "/posts/" + latest);
        // an author without an avatar has no avatar link: clients need not probe for it
        assertThat(result).bodyJson().doesNotHavePath("$.items[0].author._links.avatar");
        assertThat(result).bodyJson().extractingPath("$._links.self").isEqualTo("/api/v1/feed");
    }

    @Test
    void pagesWithACursorInLinksAndTheLinkHeader() throws Exception {
        // given
        var reader = api().newUser("pager");
        for (int i = 1; i <= 5; i++) {
            api().createPost(reader, "post " + i);
        }

        // when
        var first = feed(reader, "?limit=2");
        String next = JsonPath.read(first.getResponse().getContentAsString(), "$._links.next");
        var second = reader.apply(mvc.get().uri(next)).exchange();
        String third = JsonPath.read(second.getResponse().getContentAsString(), "$._links.next");
        var last = reader.apply(mvc.get().uri(third)).exchange();

        // then
        assertThat(first.getResponse().getHeader("Link")).isEqualTo("<" + next + ">; rel=\"next\"");
        assertThat(first).bodyJson().extractingPath("$.items[*].title").asArray().containsExactly("post 5", "post 4");
        assertThat(second).bodyJson().extractingPath("$.items[*].title").asArray().containsExactly("post 3", "post 2");
        assertThat(last).bodyJson().extractingPath("$.items[*].title").asArray().containsExactly("post 1");
        assertThat(last).bodyJson().doesNotHavePath("$._links.next");
    }

    @Test
    void dropsTheirPostsAfterAnUnfollowAndBringsThemBackOnAFollow() throws Exception {
        // given
        var reader = api().newUser("fickle");
        var star = api().newUser("dropped");
        follow(reader, star);
        api().createPost(star, "one");

        // when
        unfollow(reader, star);
        api().createPost(star, "two");

        // then
        assertThat(titles(reader)).isEmpty();
        follow(reader, star);
        assertThat(titles(reader)).containsExactly("two", "one");
    }

    @Test
    void forgetsTheAuthorOfADeletedAccountAndDeletedPosts() throws Exception {
        // given
        var reader = api().newUser("survivor");
        var doomed = api().newUser("doomed");
        var other = api().newUser("other");
        follow(reader, doomed);
        follow(reader, other);
        api().createPost(doomed, "gone with the account");
        long deleted = api().createPost(other, "deleted post");
        api().createPost(other, "kept");

        // when
        assertThat(doomed.apply(mvc.delete().uri("/api/v1/users/" + doomed.userId())).exchange()).hasStatus(204);
        assertThat(other.apply(mvc.delete().uri("/api/v1/users/" + other.userId() + "/posts/" + deleted)).exchange())
                .hasStatus(204);

        // then
        assertThat(titles(reader)).containsExactly("kept");
    }

    @Test
    void answersTheContractErrorsForNoCredentialAndABadCursor() {
        // given
        var reader = api().newUser("errors");

        // when / then
        assertThat(mvc.get().uri("/api/v1/feed").exchange()).hasStatus(401);
        assertThat(feed(reader, "?after=nonsense")).hasStatus(400)
                .bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(feed(reader, "?limit=101")).hasStatus(400);
    }

    @Test
    void servesTheFeedOverGraphQlPagedByTheLastId() throws Exception {
        // given
        var reader = api().newUser("gqlreader");
        var star = api().newUser("gqlstar");
        follow(reader, star);
        api().createPost(star, "g1");
        long middle = api().createPost(reader, "g2");
        api().createPost(star, "g3");

        // when
        var first = graphQl(reader, "{ feed(first: 2) { id title author { username } } }");
        var rest = graphQl(reader, "{ feed(first: 2, after: \"" + middle + "\") { title } }");

        // then
        assertThat(first).bodyJson().extractingPath("$.data.feed[*].title").asArray().containsExactly("g3", "g2");
        assertThat(first).bodyJson().extractingPath("$.data.feed[0].author.username").isEqualTo(star.username());
        assertThat(rest).bodyJson().extractingPath("$.data.feed[*].title").asArray().containsExactly("g1");
    }

    @Test
    void documentsTheFeedInTheOpenApiDocument() throws Exception {
        // when
        var result = mvc.get().uri("/v3/api-docs").exchange();

        // then
        assertThat(result).hasStatus(200);
        assertThat(result.getResponse().getContentAsString()).contains("\"/api/v1/feed\"");
    }

    private MvcTestResult graphQl(ApiClient.Login as, String query) {
        return as.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":" + tools.jackson.databind.json.JsonMapper.shared().writeValueAsString(query) + "}")
                .exchange();
    }
}
