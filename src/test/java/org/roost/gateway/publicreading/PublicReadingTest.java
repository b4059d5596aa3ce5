package org.roost.gateway.publicreading;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * roost.public-reading on (the default): a visitor without any credential reads profiles and posts through both
 * doors, and nothing more (docs/security.md, "Public reading"). {@link PublicReadingOffTest} is the setting off.
 */
@IntegrationTest
class PublicReadingTest {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    /** An author with an email address (which no visitor may see), a post, a follower and a like. */
    record World(ApiClient.Login author, ApiClient.Login fan, long post, String email) {
    }

    World world() {
        String username = ApiClient.uniqueUsername("pub");
        String email = username + "@example.com";
        assertThat(mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"Pia\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email))).hasStatus(201);
        ApiClient.Login author = api().login(username);
        long post = api().createPost(author, "Visible to visitors");
        ApiClient.Login fan = api().newUser("fan");
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/%d/followers/%d".formatted(author.userId(), fan.userId()))))
                .hasStatus(204);
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/%d/posts/%d/likes/%d".formatted(author.userId(), post, fan.userId()))))
                .hasStatus(204);
        return new World(author, fan, post, email);
    }

    @Test
    void aVisitorReadsAThreadOverRestAsOverGraphQl() {
        // given: a post, a reply to it, and a reply to that
        World world = world();
        ApiClient.Login fan = world.fan();
        long reply = reply(fan, world.post());
        long deeper = reply(world.author(), reply);
        String posts = "/api/v1/users/%d/posts/";

        // when
        MvcTestResult replies = mvc.get().uri(posts.formatted(world.author().userId()) + world.post() + "/replies").exchange();
        MvcTestResult ancestors = mvc.get().uri(posts.formatted(world.author().userId()) + deeper + "/ancestors").exchange();
        MvcTestResult unversioned = mvc.get().uri("/api/users/%d/posts/%d/replies".formatted(fan.userId(), reply)).exchange();
        JsonNode graph = GraphQlClient.body(new GraphQlClient(mvc).post(null,
                "{ post(id: \"%d\") { ancestors { id } } }".formatted(deeper)));

        // then: the same reads through both doors, nothing offered to change
        assertThat(replies).hasStatus(200).bodyJson().extractingPath("$.items[0].id").isEqualTo(Long.toString(reply));
        assertThat(replies).bodyJson().doesNotHavePath("$.items[0]._links.delete");
        assertThat(ancestors).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(world.post()), Long.toString(reply));
        assertThat(unversioned).hasStatus(200).bodyJson().extractingPath("$.items[0].id").isEqualTo(Long.toString(deeper));
        assertThat(graph.at("/data/post/ancestors").valueStream().map(node -> node.get("id").asString()).toList())
                .containsExactly(Long.toString(world.post()), Long.toString(reply));
    }

    /** A reply by {@code author} to the post {@code to}, whoever wrote that. */
    private long reply(ApiClient.Login author, long to) {
        JsonNode created = GraphQlClient.body(new GraphQlClient(mvc).post(author,
                "mutation { createPost(input: {title: \"Re\", inReplyTo: \"%d\"}) { id } }".formatted(to)));
        return Long.parseLong(created.at("/data/createPost/id").asString());
    }

    @Test
    void aVisitorReadsProfilesPostsFollowersLikesAndThePublicTimelineOverRest() {
        // given
        World world = world();
        String user = "/api/v1/users/" + world.author().userId();

        // when
        MvcTestResult profile = mvc.get().uri(user).exchange();
        MvcTestResult posts = mvc.get().uri(user + "/posts").exchange();
        MvcTestResult post = mvc.get().uri(user + "/posts/" + world.post()).exchange();
        MvcTestResult followers = mvc.get().uri(user + "/followers").exchange();
        MvcTestResult likes = mvc.get().uri(user + "/posts/" + world.post() + "/likes").exchange();
        MvcTestResult recent = mvc.get().uri("/api/v1/posts?limit=100").exchange();
        MvcTestResult search = mvc.get().uri("/api/v1/users?q=" + world.author().username()).exchange();

        // then: all of it, as a signed-in reader sees it, but no email address and nothing offered to change
        assertThat(profile).hasStatus(200);
        assertThat(profile).bodyJson().extractingPath("$.username").isEqualTo(world.author().username());
        assertThat(profile).bodyJson().doesNotHavePath("$.email");
        assertThat(profile).bodyJson().doesNotHavePath("$._links.delete");
        assertThat(Json.of(profile).toString()).doesNotContain(world.email());
        assertThat(posts).hasStatus(200).bodyJson().extractingPath("$.items[0].title").isEqualTo("Visible to visitors");
        assertThat(post).hasStatus(200).bodyJson().doesNotHavePath("$._links.delete");
        assertThat(followers).hasStatus(200).bodyJson().extractingPath("$.items[0].username").isEqualTo(world.fan().username());
        assertThat(likes).hasStatus(200).bodyJson().extractingPath("$.items[0].username").isEqualTo(world.fan().username());
        assertThat(recent).hasStatus(200).bodyJson().extractingPath("$.items[?(@.id == '%d')].author.username"
                .formatted(world.post())).asArray().containsExactly(world.author().username());
        assertThat(search).hasStatus(200).bodyJson().extractingPath("$.items[0].id").isEqualTo(Long.toString(world.author().userId()));
    }

    @Test
    void thePublicTimelineIsNewestFirstAndPaged() {
        // given
        ApiClient.Login author = api().newUser("pager");
        long older = api().createPost(author, "Older");
        long newer = api().createPost(author, "Newer");

        // when
        MvcTestResult first = mvc.get().uri("/api/v1/posts?limit=1").exchange();
        String next = Json.at(first, "/_links/next");
        MvcTestResult second = mvc.get().uri(next).exchange();

        JsonNode hundred = Json.of(mvc.get().uri("/api/v1/posts?limit=100").exchange()).get("items");
        java.util.List<Long> ids = new java.util.ArrayList<>();
        hundred.forEach(item -> ids.add(Long.parseLong(item.get("id").asString())));

        // then: newest first, the newer post before the older one, and the next page goes on below the first
        assertThat(Long.parseLong(Json.at(first, "/items/0/id"))).isGreaterThanOrEqualTo(newer);
        assertThat(ids).contains(newer, older);
        assertThat(ids.indexOf(newer)).isLessThan(ids.indexOf(older));
        assertThat(ids).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(second).hasStatus(200);
        assertThat(Long.parseLong(Json.at(second, "/items/0/id"))).isLessThan(Long.parseLong(Json.at(first, "/items/0/id")));
    }

    @Test
    void aVisitorReadsNothingPrivateAndWritesNothing() {
        // given
        World world = world();

        // then: one's own timeline, devices, passkeys and consents need a credential
        for (String path : new String[] { "/api/v1/feed", "/api/v1/consents",
                "/api/v1/users/" + world.author().userId() + "/passkeys", "/api/v1/users/" + world.author().userId() + "/devices" }) {
            MvcTestResult result = mvc.get().uri(path).exchange();
            assertThat(result).as(path).hasStatus(401);
            assertThat(result).as(path).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        }
        // and no write goes through: the post is still there, unliked by no one
        assertThat(mvc.delete().uri("/api/v1/users/%d/posts/%d".formatted(world.author().userId(), world.post())))
                .hasStatus4xxClientError();
        assertThat(world.author().apply(mvc.get().uri("/api/v1/users/%d/posts/%d".formatted(world.author().userId(), world.post()))))
                .hasStatus(200).bodyJson().extractingPath("$.like_count").isEqualTo(1);
    }

    @Test
    void aRequestWithAnEndedSessionOrABadTokenIsNotAVisitor() {
        // given: a session that has ended
        World world = world();
        assertThat(world.fan().apply(mvc.post().uri("/logout"))).hasStatus(204);
        String user = "/api/v1/users/" + world.author().userId();

        // when
        MvcTestResult ended = world.fan().cookieOnly(mvc.get().uri(user)).exchange();
        MvcTestResult badToken = mvc.get().uri(user).header("Authorization", "Bearer not-a-token").exchange();
        JsonNode endedOverGraphQl = GraphQlClient.body(new GraphQlClient(mvc).post(world.fan(), "{ me { id } }"));

        // then: 401, so a client learns that its credential no longer holds (the web app then asks to sign in again)
        assertThat(ended).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        assertThat(badToken).hasStatus(401);
        assertThat(endedOverGraphQl.at("/errors/0/extensions/code").asString()).isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void aVisitorRunsQueriesOverGraphQlWithNothingPerCaller() {
        // given
        World world = world();

        // when
        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(null, """
                query($u: String!) { me { id } userByUsername(username: $u) { name email emailVerified followedByMe followerCount
                  posts(first: 5) { title likeCount likedByMe likes { username } } } }""",
                Map.of("u", world.author().username())));

        // then
        assertThat(answer.has("errors")).as(answer.toString()).isFalse();
        JsonNode user = answer.at("/data/userByUsername");
        assertThat(answer.at("/data/me").isNull()).isTrue();
        assertThat(user.get("name").asString()).isEqualTo("Pia");
        assertThat(user.get("email").isNull()).isTrue();
        assertThat(user.get("emailVerified").isNull()).isTrue();
        assertThat(user.get("followedByMe").asBoolean()).isFalse();
        assertThat(user.get("followerCount").asInt()).isEqualTo(1);
        assertThat(user.at("/posts/0/title").asString()).isEqualTo("Visible to visitors");
        assertThat(user.at("/posts/0/likeCount").asInt()).isEqualTo(1);
        assertThat(user.at("/posts/0/likedByMe").asBoolean()).isFalse();
        assertThat(user.at("/posts/0/likes/0/username").asString()).isEqualTo(world.fan().username());
    }

    @Test
    void aVisitorsMutationIsUnauthenticatedAndChangesNothing() {
        // given
        World world = world();

        // when
        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(null, "mutation($id: ID!) { likePost(postId: $id) { likeCount } }",
                Map.of("id", Long.toString(world.post()))));

        // then
        assertThat(answer.at("/errors/0/extensions/code").asString()).isEqualTo("UNAUTHENTICATED");
        JsonNode post = GraphQlClient.body(new GraphQlClient(mvc).post(null, "query($id: ID!) { post(id: $id) { likeCount } }",
                Map.of("id", Long.toString(world.post()))));
        assertThat(post.at("/data/post/likeCount").asInt()).isEqualTo(1);
    }

    @Test
    void theOpenApiDocumentSaysWhichReadsNeedNoCredential() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());

        // then: the public reads allow the empty requirement besides the credentials; the feed does not
        assertThat(document.at("/paths/~1api~1v1~1users~1{userId}/get/security").toString()).contains("{}");
        assertThat(document.at("/paths/~1api~1v1~1posts/get/security").toString()).contains("{}");
        assertThat(document.at("/paths/~1api~1v1~1feed/get/security").isMissingNode()).isTrue();
    }

    /** Reading an answer's JSON. */
    static final class Json {

        static JsonNode of(MvcTestResult result) {
            try {
                return GraphQlClient.JSON.readTree(result.getResponse().getContentAsString());
            }
            catch (java.io.UnsupportedEncodingException ex) {
                throw new IllegalStateException(ex);
            }
        }

        static String at(MvcTestResult result, String pointer) {
            return of(result).at(pointer).asString();
        }
    }
}
