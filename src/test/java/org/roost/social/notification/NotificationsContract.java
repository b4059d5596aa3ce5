package org.roost.social.notification;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
 * Notifications over REST and GraphQL: follows, replies, mentions and likes to their receiver only, never for one's
 * own actions, likes and follows grouped while unread, each removed when its cause is undone, read state and the
 * unread count, keyset pages. Run on PostgreSQL ({@link NotificationsOnPostgresTest}) and H2
 * ({@link NotificationsOnH2Test}).
 */
abstract class NotificationsContract {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    MvcTestResult notifications(ApiClient.Login reader, String query) {
        MvcTestResult result = reader.apply(mvc.get().uri("/api/v1/notifications" + query)).exchange();
        assertThat(result).hasStatus(200);
        return result;
    }

    JsonNode graphQl(ApiClient.Login caller, String query) {
        MvcTestResult result = new GraphQlClient(mvc).post(caller, query);
        assertThat(result).hasStatus(200);
        return GraphQlClient.body(result);
    }

    void like(ApiClient.Login liker, ApiClient.Login author, long post) {
        assertThat(liker.apply(mvc.put().uri("/api/v1/users/%d/posts/%d/likes/%d".formatted(author.userId(), post,
                liker.userId()))).exchange()).hasStatus(204);
    }

    void unlike(ApiClient.Login liker, ApiClient.Login author, long post) {
        assertThat(liker.apply(mvc.delete().uri("/api/v1/users/%d/posts/%d/likes/%d".formatted(author.userId(), post,
                liker.userId()))).exchange()).hasStatus(204);
    }

    void follow(ApiClient.Login follower, ApiClient.Login user) {
        assertThat(follower.apply(mvc.put().uri("/api/v1/users/%d/followers/%d".formatted(user.userId(),
                follower.userId()))).exchange()).hasStatus(204);
    }

    long write(ApiClient.Login author, Map<String, Object> body) throws Exception {
        MvcTestResult created = author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content(GraphQlClient.JSON.writeValueAsString(body)).exchange();
        assertThat(created).hasStatus(201);
        return Long.parseLong(JsonPath.read(created.getResponse().getContentAsString(), "$.id"));
    }

    @Test
    void tellsTheReceiverOfAFollowAReplyAMentionAndALikeAndNobodyElse() throws Exception {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long post = api().createPost(alice, "Mine");

        // when bob follows alice, likes her post, replies to it, and mentions carol in a post of his own
        follow(bob, alice);
        like(bob, alice, post);
        long reply = write(bob, Map.of("title", "Re", "body", "Agreed, @" + alice.username(), "in_reply_to", Long.toString(post)));
        long mention = write(bob, Map.of("title", "Hey", "body", "Look @" + carol.username()));

        // then alice has three (the reply that mentions her is told once), newest first, each with its post
        MvcTestResult mine = notifications(alice, "");
        assertThat(mine).bodyJson().extractingPath("$.items[*].type").asArray().containsExactly("reply", "like", "follow");
        assertThat(mine).bodyJson().extractingPath("$.unread_count").isEqualTo(3);
        assertThat(mine).bodyJson().extractingPath("$.items[0].post_id").isEqualTo(Long.toString(reply));
        assertThat(mine).bodyJson().extractingPath("$.items[0]._links.post")
                .isEqualTo("/api/v1/users/%d/posts/%d".formatted(bob.userId(), reply));
        assertThat(mine).bodyJson().extractingPath("$.items[1].post_id").isEqualTo(Long.toString(post));
        assertThat(mine).bodyJson().extractingPath("$.items[2].post_id").isNull();
        assertThat(mine).bodyJson().extractingPath("$.items[0].actors[0].username").isEqualTo(bob.username());
        assertThat(mine).bodyJson().extractingPath("$.items[0].read").isEqualTo(false);
        assertThat(mine.getResponse().getHeader("ETag")).isNotNull();
        // and carol one mention, and bob, who did it all, none
        MvcTestResult carols = notifications(carol, "");
        assertThat(carols).bodyJson().extractingPath("$.items[*].type").asArray().containsExactly("mention");
        assertThat(carols).bodyJson().extractingPath("$.items[0].post_id").isEqualTo(Long.toString(mention));
        assertThat(notifications(bob, "")).bodyJson().extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void neverTellsAboutOnesOwnActions() throws Exception {
        // given
        var alice = api().newUser("alice");
        long post = api().createPost(alice, "Mine");

        // when alice likes, replies to and mentions herself
        like(alice, alice, post);
        write(alice, Map.of("title", "Me again @" + alice.username(), "in_reply_to", Long.toString(post)));

        // then
        assertThat(notifications(alice, "")).bodyJson().extractingPath("$.items").asArray().isEmpty();
        assertThat(graphQl(alice, "{ unreadNotificationCount }").at("/data/unreadNotificationCount").asInt()).isZero();
    }

    @Test
    void groupsLikesOfOnePostWhileUnreadAndStartsAnewOnceRead() throws Exception {
        // given
        var alice = api().newUser("alice");
        long post = api().createPost(alice, "Popular");
        long other = api().createPost(alice, "Other");
        List<ApiClient.Login> likers = List.of(api().newUser("l"), api().newUser("l"), api().newUser("l"), api().newUser("l"));

        // when four people like the post and one the other post
        likers.forEach(liker -> like(liker, alice, post));
        like(likers.get(0), alice, other);

        // then one notification counts the four, showing the newest three, newest first
        MvcTestResult grouped = notifications(alice, "");
        assertThat(grouped).bodyJson().extractingPath("$.items[*].type").asArray().containsExactly("like", "like");
        assertThat(grouped).bodyJson().extractingPath("$.items[1].post_id").isEqualTo(Long.toString(post));
        assertThat(grouped).bodyJson().extractingPath("$.items[1].count").isEqualTo(4);
        assertThat(grouped).bodyJson().extractingPath("$.items[1].actors[*].username").asArray().containsExactly(
                likers.get(3).username(), likers.get(2).username(), likers.get(1).username());
        assertThat(grouped).bodyJson().extractingPath("$.items[0].count").isEqualTo(1);

        // when alice reads them all over REST and someone else likes the post
        MvcTestResult read = alice.apply(mvc.post().uri("/api/v1/notifications/read")).exchange();
        assertThat(read).hasStatus(200).bodyJson().extractingPath("$.unread_count").isEqualTo(0);
        var late = api().newUser("late");
        like(late, alice, post);

        // then a new notification tells of the new like, on top, and the read one keeps its count
        MvcTestResult after = notifications(alice, "");
        assertThat(after).bodyJson().extractingPath("$.items[*].count").asArray().containsExactly(1, 1, 4);
        assertThat(after).bodyJson().extractingPath("$.items[*].read").asArray().containsExactly(false, true, true);
        assertThat(after).bodyJson().extractingPath("$.unread_count").isEqualTo(1);
    }

    @Test
    void undoingTheCauseTakesTheNotificationBack() throws Exception {
        // given bob and carol like, follow, reply and mention
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long post = api().createPost(alice, "Mine");
        like(bob, alice, post);
        like(carol, alice, post);
        follow(bob, alice);
        long reply = write(bob, Map.of("title", "Re", "in_reply_to", Long.toString(post)));
        long mention = write(carol, Map.of("title", "Hi @" + alice.username()));
        assertThat(notifications(alice, "")).bodyJson().extractingPath("$.unread_count").isEqualTo(4);

        // when bob unlikes, unfollows and deletes his reply, and carol edits the mention out
        unlike(bob, alice, post);
        assertThat(bob.apply(mvc.delete().uri("/api/v1/users/%d/followers/%d".formatted(alice.userId(), bob.userId())))
                .exchange()).hasStatus(204);
        assertThat(bob.apply(mvc.delete().uri("/api/v1/users/%d/posts/%d".formatted(bob.userId(), reply))).exchange())
                .hasStatus(204);
        assertThat(carol.apply(mvc.patch().uri("/api/v1/users/%d/posts/%d".formatted(carol.userId(), mention)))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"Hi all\"}").exchange()).hasStatus(200);

        // then only carol's like is left, counting one
        MvcTestResult left = notifications(alice, "");
        assertThat(left).bodyJson().extractingPath("$.items[*].type").asArray().containsExactly("like");
        assertThat(left).bodyJson().extractingPath("$.items[0].count").isEqualTo(1);
        assertThat(left).bodyJson().extractingPath("$.items[0].actors[*].username").asArray().containsExactly(carol.username());

        // and once carol deletes her account, nothing is left, and deleting the post leaves nothing either
        assertThat(carol.apply(mvc.delete().uri("/api/v1/users/" + carol.userId())).exchange()).hasStatus(204);
        assertThat(notifications(alice, "")).bodyJson().extractingPath("$.items").asArray().isEmpty();
        like(bob, alice, post);
        assertThat(alice.apply(mvc.delete().uri("/api/v1/users/%d/posts/%d".formatted(alice.userId(), post))).exchange())
                .hasStatus(204);
        assertThat(notifications(alice, "")).bodyJson().extractingPath("$.unread_count").isEqualTo(0);
    }

    @Test
    void pagesMarksReadAndCountsOverGraphQlWithTheSameRules() throws Exception {
        // given three notifications of alice's and one of bob's
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        List<ApiClient.Login> followers = List.of(api().newUser("f"), api().newUser("f"), api().newUser("f"));
        long first = api().createPost(alice, "One");
        long second = api().createPost(alice, "Two");
        like(followers.get(0), alice, first);
        like(followers.get(1), alice, second);
        follow(followers.get(2), alice);
        follow(followers.get(2), bob);

        // when alice reads the first page of two and the rest
        JsonNode page = graphQl(alice, "{ notifications(first: 2) { id type count read cursor actors { username } post { id title } } }");
        String cursor = page.at("/data/notifications/1/cursor").asString();
        JsonNode rest = graphQl(alice, "{ notifications(first: 2, after: \"%s\") { id type post { id } } }".formatted(cursor));

        // then the pages are newest first and do not overlap
        assertThat(page.at("/data/notifications/0/type").asString()).isEqualTo("FOLLOW");
        assertThat(page.at("/data/notifications/0/post").isNull()).isTrue();
        assertThat(page.at("/data/notifications/1/type").asString()).isEqualTo("LIKE");
        assertThat(page.at("/data/notifications/1/post/title").asString()).isEqualTo("Two");
        assertThat(page.at("/data/notifications/1/actors/0/username").asString()).isEqualTo(followers.get(1).username());
        assertThat(rest.at("/data/notifications").size()).isEqualTo(1);
        assertThat(rest.at("/data/notifications/0/post/id").asString()).isEqualTo(Long.toString(first));
        MvcTestResult restPage = notifications(alice, "?limit=2");
        String next = JsonPath.read(restPage.getResponse().getContentAsString(), "$._links.next");
        assertThat(alice.apply(mvc.get().uri(next)).exchange()).hasStatus(200).bodyJson()
                .extractingPath("$.items[*].post_id").asArray().containsExactly(Long.toString(first));

        // when alice marks one read over GraphQL, and bob tries to mark alice's others
        String likeId = page.at("/data/notifications/1/id").asString();
        JsonNode marked = graphQl(alice, "mutation { markNotificationsRead(ids: [\"%s\"]) }".formatted(likeId));
        String restId = rest.at("/data/notifications/0/id").asString();
        MvcTestResult bobMarks = bob.apply(mvc.post().uri("/api/v1/notifications/read"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"ids\":[\"%s\"]}".formatted(restId)).exchange();

        // then two of alice's stay unread and bob's answer counts his own only
        assertThat(marked.at("/data/markNotificationsRead").asInt()).isEqualTo(2);
        assertThat(bobMarks).hasStatus(200).bodyJson().extractingPath("$.unread_count").isEqualTo(1);
        assertThat(alice.apply(mvc.get().uri("/api/v1/notifications/unread-count")).exchange()).hasStatus(200)
                .bodyJson().extractingPath("$.unread_count").isEqualTo(2);
        assertThat(graphQl(alice, "{ notifications { id read } }").at("/data/notifications/1/read").asBoolean()).isTrue();
        // and malformed input is a clear 400
        assertThat(alice.apply(mvc.post().uri("/api/v1/notifications/read")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"ids\":[\"x\"]}").exchange()).hasStatus(400).bodyJson().extractingPath("$.error.code")
                .isEqualTo("VALIDATION_ERROR");
        assertThat(alice.apply(mvc.get().uri("/api/v1/notifications?after=nonsense")).exchange()).hasStatus(400);
    }
}
