package org.roost.social.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

/**
 * Replies and mentions over REST and GraphQL: a reply to anyone's post, the thread (replies in keyset pages, the
 * chain above), the counts through deletions, a deleted parent that leaves its replies readable, and mentions of
 * existing users stored at write time. Run on PostgreSQL ({@link ThreadsOnPostgresTest}) and H2
 * ({@link ThreadsOnH2Test}).
 */
abstract class ThreadsContract {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    static String post(ApiClient.Login author, long post) {
        return "/api/v1/users/" + author.userId() + "/posts/" + post;
    }

    MvcTestResult write(ApiClient.Login author, Map<String, Object> body) {
        return author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content(GraphQlClient.JSON.writeValueAsString(body)).exchange();
    }

    long reply(ApiClient.Login author, long to, String title) throws Exception {
        MvcTestResult created = write(author, Map.of("title", title, "in_reply_to", Long.toString(to)));
        assertThat(created).hasStatus(201);
        return Long.parseLong(JsonPath.read(created.getResponse().getContentAsString(), "$.id"));
    }

    MvcTestResult get(ApiClient.Login reader, String uri) {
        return reader.apply(mvc.get().uri(uri)).exchange();
    }

    JsonNode graphQl(ApiClient.Login caller, String query) {
        MvcTestResult result = new GraphQlClient(mvc).post(caller, query);
        assertThat(result).hasStatus(200);
        return GraphQlClient.body(result);
    }

    @Test
    void repliesToAnyonesPostThroughBothDoorsAndReadsTheThread() throws Exception {
        // given alice's post
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long root = api().createPost(alice, "Root");

        // when bob replies over REST, carol over GraphQL, and alice answers bob
        long bobs = reply(bob, root, "Bob answers");
        JsonNode carols = graphQl(carol, "mutation { createPost(input: {title: \"Carol answers\", inReplyTo: \"%d\"}) { id inReplyToId } }"
                .formatted(root));
        long alices = reply(alice, bobs, "Alice answers Bob");

        // then the post counts its two direct replies and lists them oldest first, in keyset pages
        assertThat(carols.at("/data/createPost/inReplyToId").asString()).isEqualTo(Long.toString(root));
        long carolsId = Long.parseLong(carols.at("/data/createPost/id").asString());
        MvcTestResult read = get(carol, post(alice, root));
        assertThat(read).hasStatus(200).bodyJson().extractingPath("$.reply_count").isEqualTo(2);
        assertThat(read).bodyJson().extractingPath("$.in_reply_to").isNull();
        assertThat(read).bodyJson().extractingPath("$._links.replies").asString().endsWith(post(alice, root) + "/replies");
        MvcTestResult first = get(carol, post(alice, root) + "/replies?limit=1");
        assertThat(first).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(bobs));
        assertThat(first).bodyJson().extractingPath("$.items[0].in_reply_to").isEqualTo(Long.toString(root));
        assertThat(first).bodyJson().extractingPath("$.items[0].reply_count").isEqualTo(1);
        String next = JsonPath.read(first.getResponse().getContentAsString(), "$._links.next");
        assertThat(get(carol, next)).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(carolsId));
        assertThat(first.getResponse().getHeader("ETag")).isNotNull();

        // and the chain above alice's answer is the root then bob's reply
        MvcTestResult above = get(alice, post(alice, alices) + "/ancestors");
        assertThat(above).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(root), Long.toString(bobs));
        assertThat(above).bodyJson().extractingPath("$.items[0]._links.delete").isEqualTo(post(alice, root));
        assertThat(above).bodyJson().doesNotHavePath("$.items[1]._links.delete");
        assertThat(get(carol, post(alice, alices) + "/ancestors")).bodyJson().doesNotHavePath("$.items[0]._links.delete");

        // and GraphQL reads the same thread
        JsonNode thread = graphQl(carol, """
                { post(id: "%d") { replyCount inReplyTo { id } replies(first: 5) { id inReplyTo { id }
                  replies(first: 5) { id ancestors { id } } } } }""".formatted(root));
        assertThat(thread.at("/data/post/replyCount").asInt()).isEqualTo(2);
        assertThat(thread.at("/data/post/inReplyTo").isNull()).isTrue();
        assertThat(thread.at("/data/post/replies/0/id").asString()).isEqualTo(Long.toString(bobs));
        assertThat(thread.at("/data/post/replies/0/inReplyTo/id").asString()).isEqualTo(Long.toString(root));
        assertThat(thread.at("/data/post/replies/1/id").asString()).isEqualTo(Long.toString(carolsId));
        assertThat(thread.at("/data/post/replies/0/replies/0/id").asString()).isEqualTo(Long.toString(alices));
        assertThat(thread.at("/data/post/replies/0/replies/0/ancestors/0/id").asString()).isEqualTo(Long.toString(root));
        assertThat(thread.at("/data/post/replies/0/replies/0/ancestors/1/id").asString()).isEqualTo(Long.toString(bobs));
        assertThat(thread.at("/data/post/replies/1/replies").size()).isZero();
    }

    @Test
    void refusesAReplyToNoPostThroughBothDoorsAndWritesNothing() throws Exception {
        // given
        var bob = api().newUser("bob");

        // when
        MvcTestResult rest = write(bob, Map.of("title", "Into the void", "in_reply_to", "987654321987"));
        MvcTestResult notAnId = write(bob, Map.of("title", "Into the void", "in_reply_to", "seven"));
        JsonNode graph = graphQl(bob, "mutation { createPost(input: {title: \"Void\", inReplyTo: \"987654321987\"}) { id } }");

        // then
        assertThat(rest).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(rest.getResponse().getContentAsString()).contains("in_reply_to");
        assertThat(notAnId).hasStatus(400);
        assertThat(graph.at("/errors/0/extensions/code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(get(bob, "/api/v1/users/" + bob.userId() + "/posts")).hasStatus(200).bodyJson()
                .extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void aDeletedParentLeavesItsRepliesReadableAndTheCountsFollowDeletions() throws Exception {
        // given root <- bob's reply <- carol's reply, and a second reply by carol to the root
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long root = api().createPost(alice, "Root");
        long bobs = reply(bob, root, "Middle");
        long carols = reply(carol, bobs, "Leaf");
        reply(carol, root, "Another");
        assertThat(get(alice, post(alice, root))).bodyJson().extractingPath("$.reply_count").isEqualTo(2);

        // when alice deletes the root and carol deletes her account
        assertThat(alice.apply(mvc.delete().uri(post(alice, root))).exchange()).hasStatus(204);
        assertThat(carol.apply(mvc.delete().uri("/api/v1/users/" + carol.userId())).exchange()).hasStatus(204);

        // then bob's reply is still there, still naming the deleted root, and counts no reply (carol's went)
        MvcTestResult middle = get(bob, post(bob, bobs));
        assertThat(middle).hasStatus(200).bodyJson().extractingPath("$.in_reply_to").isEqualTo(Long.toString(root));
        assertThat(middle).bodyJson().extractingPath("$.reply_count").isEqualTo(0);
        assertThat(get(bob, post(bob, bobs) + "/ancestors")).hasStatus(200).bodyJson().extractingPath("$.items")
                .asArray().isEmpty();
        JsonNode graph = graphQl(bob, "{ post(id: \"%d\") { inReplyToId inReplyTo { id } ancestors { id } } }".formatted(bobs));
        assertThat(graph.at("/data/post/inReplyToId").asString()).isEqualTo(Long.toString(root));
        assertThat(graph.at("/data/post/inReplyTo").isNull()).isTrue();
        assertThat(graph.at("/data/post/ancestors").size()).isZero();
        assertThat(get(bob, post(carol, carols))).hasStatus(404);

        // and deleting a reply lowers its parent's count
        long again = reply(alice, bobs, "Again");
        assertThat(get(bob, post(bob, bobs))).bodyJson().extractingPath("$.reply_count").isEqualTo(1);
        assertThat(alice.apply(mvc.delete().uri(post(alice, again))).exchange()).hasStatus(204);
        assertThat(get(bob, post(bob, bobs))).bodyJson().extractingPath("$.reply_count").isEqualTo(0);
    }

    @Test
    void storesMentionsOfExistingUsersAtWriteTimeAndRewritesThemOnEdit() throws Exception {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        String text = "Hi @%s and @%s, not @nobody_here_at_all, nor mail@%s.example, and @%s again"
                .formatted(bob.username(), carol.username().toUpperCase(java.util.Locale.ROOT), bob.username(), bob.username());

        // when
        MvcTestResult created = write(alice, Map.of("title", "Hello", "body", text));
        assertThat(created).hasStatus(201);
        long id = Long.parseLong(JsonPath.read(created.getResponse().getContentAsString(), "$.id"));

        // then each existing user once, in order, with id and username, on both doors and in lists and the feed
        assertThat(created).bodyJson().extractingPath("$.mentions[*].username").asArray()
                .containsExactly(bob.username(), carol.username());
        assertThat(created).bodyJson().extractingPath("$.mentions[0].id").isEqualTo(Long.toString(bob.userId()));
        assertThat(get(alice, "/api/v1/feed")).bodyJson().extractingPath("$.items[0].mentions[*].username").asArray()
                .containsExactly(bob.username(), carol.username());
        JsonNode graph = graphQl(bob, "{ post(id: \"%d\") { mentions { id username } } }".formatted(id));
        assertThat(graph.at("/data/post/mentions/0/id").asString()).isEqualTo(Long.toString(bob.userId()));
        assertThat(graph.at("/data/post/mentions/1/username").asString()).isEqualTo(carol.username());

        // and an edit that names only carol stores only carol
        MvcTestResult edited = alice.apply(mvc.patch().uri(post(alice, id))).contentType(MediaType.APPLICATION_JSON)
                .content("{\"body\":\"Only @%s now\"}".formatted(carol.username())).exchange();
        assertThat(edited).hasStatus(200).bodyJson().extractingPath("$.mentions[*].username").asArray()
                .containsExactly(carol.username());
    }
}
