package org.roost.gateway.webapp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web app's own GraphQL documents, read from its source, run against the server with its real limits (aliases,
 * cost, depth) at the largest size the app sends. The People page once asked about 20 people with an alias each,
 * past the limit of 15, and every Follow button stayed hidden.
 */
@EmbeddedDefaultsTest
class AppGraphQlDocumentsTest {

    private static final Path FOLLOW = Path.of("src/main/resources/static/app/components/follow.js");
    private static final Path LIKE = Path.of("src/main/resources/static/app/components/like.js");

    @Autowired
    MockMvcTester mvc;

    private static String constant(String source, String name) {
        Matcher matcher = Pattern.compile("export const " + name + " = '?([^';]+)'?;").matcher(source);
        assertThat(matcher.find()).as(name + " in the app's source").isTrue();
        return matcher.group(1).strip();
    }

    @Test
    void theFollowButtonsDocumentAnswersForAsManyPeopleAsTheAppAsksAbout() throws Exception {
        // given the app's document and batch size, and more people than the alias limit, some of them followed
        String source = Files.readString(FOLLOW);
        String document = constant(source, "FOLLOWED_BY_ME");
        int batch = Integer.parseInt(constant(source, "MAX_IDS"));
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login me = api.newUser("lister");
        List<String> ids = new ArrayList<>();
        List<String> followed = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            ApiClient.Login person = api.newUser("listed");
            ids.add(String.valueOf(person.userId()));
            if (i % 2 == 0) {
                assertThat(me.apply(mvc.put().uri("/api/v1/users/" + person.userId() + "/followers/" + me.userId()))
                        .exchange()).hasStatus(204);
                followed.add(String.valueOf(person.userId()));
            }
        }
        while (ids.size() < batch) {
            ids.add(String.valueOf(Long.MAX_VALUE - ids.size())); // nobody: left out of the answer
        }

        // when the app asks about a whole batch
        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(me, document, Map.of("ids", ids)));

        // then every real person is answered, in order, with whether I follow them
        assertThat(answer.path("errors").isMissingNode()).as(answer.toString()).isTrue();
        JsonNode users = answer.path("data").path("usersById");
        assertThat(users.size()).isEqualTo(25);
        for (int i = 0; i < 25; i++) {
            assertThat(users.get(i).path("id").asString()).isEqualTo(ids.get(i));
            assertThat(users.get(i).path("followedByMe").asBoolean()).as(ids.get(i))
                    .isEqualTo(followed.contains(ids.get(i)));
        }
    }

    @Test
    void theLikeButtonsDocumentAnswersForAsManyPostsAsTheAppAsksAbout() throws Exception {
        // given the app's document and batch size, and more posts than the alias limit, some of them liked by me
        String source = Files.readString(LIKE);
        String document = constant(source, "LIKED_BY_ME");
        int batch = Integer.parseInt(constant(source, "MAX_IDS"));
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login me = api.newUser("liker");
        ApiClient.Login author = api.newUser("liked");
        List<String> ids = new ArrayList<>();
        List<String> liked = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            long post = api.createPost(author, "Post " + i);
            ids.add(String.valueOf(post));
            if (i % 3 == 0) {
                assertThat(me.apply(mvc.put().uri("/api/v1/users/%d/posts/%d/likes/%d".formatted(author.userId(), post, me.userId())))
                        .exchange()).hasStatus(204);
                liked.add(String.valueOf(post));
            }
        }
        while (ids.size() < batch) {
            ids.add(String.valueOf(Long.MAX_VALUE - ids.size())); // no such post: left out of the answer
        }

        // when the app asks about a whole batch
        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(me, document, Map.of("ids", ids)));

        // then every real post is answered, in the order asked, with whether I like it and its count
        assertThat(answer.path("errors").isMissingNode()).as(answer.toString()).isTrue();
        JsonNode posts = answer.path("data").path("postsById");
        assertThat(posts.size()).isEqualTo(25);
        for (int i = 0; i < 25; i++) {
            boolean mine = liked.contains(ids.get(i));
            assertThat(posts.get(i).path("id").asString()).isEqualTo(ids.get(i));
            assertThat(posts.get(i).path("likedByMe").asBoolean()).as(ids.get(i)).isEqualTo(mine);
            assertThat(posts.get(i).path("likeCount").asInt()).as(ids.get(i)).isEqualTo(mine ? 1 : 0);
        }
        JsonNode tooMany = GraphQlClient.body(new GraphQlClient(mvc).post(me, document,
                Map.of("ids", java.util.stream.IntStream.rangeClosed(1, batch + 1).mapToObj(String::valueOf).toList())));
        assertThat(tooMany.path("errors").get(0).path("extensions").path("code").asString()).isEqualTo("VALIDATION_ERROR");
    }

    @Test
    void theThreadAndNotificationsDocumentsAnswerWithinTheLimitsAtTheSizesTheAppAsks() throws Exception {
        // given the app's documents and page sizes, and a thread: a post, a reply, a reply to that
        String postPage = Files.readString(Path.of("src/main/resources/static/app/pages/post.js"));
        String notificationsPage = Files.readString(Path.of("src/main/resources/static/app/pages/notifications.js"));
        int replies = Integer.parseInt(constant(postPage, "REPLIES")) + 1;
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login alice = api.newUser("threader");
        ApiClient.Login bob = api.newUser("replier");
        long root = api.createPost(alice, "Root");
        JsonNode reply = GraphQlClient.body(new GraphQlClient(mvc).post(bob,
                "mutation { createPost(input: {title: \"Re\", inReplyTo: \"%d\"}) { id } }".formatted(root)));
        String replyId = reply.at("/data/createPost/id").asString();
        JsonNode deeper = GraphQlClient.body(new GraphQlClient(mvc).post(alice,
                "mutation { createPost(input: {title: \"Re re\", inReplyTo: \"%s\"}) { id } }".formatted(replyId)));

        // when the app reads the thread of the deepest post, the next replies, and alice's notifications
        JsonNode thread = GraphQlClient.body(new GraphQlClient(mvc).post(alice, constant(postPage, "THREAD"),
                Map.of("id", deeper.at("/data/createPost/id").asString(), "n", replies)));
        JsonNode more = GraphQlClient.body(new GraphQlClient(mvc).post(alice, constant(postPage, "MORE_REPLIES"),
                Map.of("id", String.valueOf(root), "n", replies, "after", replyId)));
        JsonNode notifications = GraphQlClient.body(new GraphQlClient(mvc).post(alice, constant(notificationsPage, "QUERY"),
                Map.of("n", Integer.parseInt(constant(notificationsPage, "PAGE")) + 1)));

        // then each answers without an error
        assertThat(thread.path("errors").isMissingNode()).as(thread.toString()).isTrue();
        assertThat(thread.at("/data/post/ancestors").size()).isEqualTo(2);
        assertThat(more.path("errors").isMissingNode()).as(more.toString()).isTrue();
        assertThat(more.at("/data/post/replies").size()).isZero();
        assertThat(notifications.path("errors").isMissingNode()).as(notifications.toString()).isTrue();
        assertThat(notifications.at("/data/notifications/0/type").asString()).isEqualTo("REPLY");
        assertThat(notifications.at("/data/notifications/0/post/id").asString()).isEqualTo(replyId);
    }

    @Test
    void moreIdsThanABatchAreAClearError() throws Exception {
        ApiClient.Login me = new ApiClient(mvc).newUser("toomany");
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 101; i++) {
            ids.add(String.valueOf(i));
        }

        JsonNode answer = GraphQlClient.body(new GraphQlClient(mvc).post(me,
                "query($ids: [ID!]!) { usersById(ids: $ids) { id } }", Map.of("ids", ids)));

        assertThat(answer.path("errors").get(0).path("extensions").path("code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(answer.path("errors").get(0).path("message").asString()).doesNotContain("Exception");
    }
}
