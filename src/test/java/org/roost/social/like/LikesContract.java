package org.roost.social.like;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

/**
 * Likes over REST and GraphQL: idempotent likes with an exact count, only the liker liking as themself, the paged
 * likers, and the counts through post and user deletions and parallel likes. Run on PostgreSQL
 * ({@link LikesOnPostgresTest}) and H2 ({@link LikesOnH2Test}).
 */
@RecordApplicationEvents
abstract class LikesContract {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    String likes(ApiClient.Login author, long post) {
        return "/api/v1/users/" + author.userId() + "/posts/" + post + "/likes";
    }

    MvcTestResult like(ApiClient.Login liker, ApiClient.Login author, long post) {
        return liker.apply(mvc.put().uri(likes(author, post) + "/" + liker.userId())).exchange();
    }

    MvcTestResult unlike(ApiClient.Login liker, ApiClient.Login author, long post) {
        return liker.apply(mvc.delete().uri(likes(author, post) + "/" + liker.userId())).exchange();
    }

    MvcTestResult getPost(ApiClient.Login reader, ApiClient.Login author, long post) {
        return reader.apply(mvc.get().uri("/api/v1/users/" + author.userId() + "/posts/" + post)).exchange();
    }

    int likeCount(ApiClient.Login reader, ApiClient.Login author, long post) throws Exception {
        MvcTestResult result = getPost(reader, author, post);
        assertThat(result).hasStatus(200);
        return JsonPath.read(result.getResponse().getContentAsString(), "$.like_count");
    }

    JsonNode graphQl(ApiClient.Login caller, String query) {
        MvcTestResult result = new GraphQlClient(mvc).post(caller, query);
        assertThat(result).hasStatus(200);
        return GraphQlClient.body(result);
    }

    @Test
    void likesAndUnlikesIdempotentlyWithTheCountOnEveryRepresentation() throws Exception {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long post = api().createPost(alice, "Likeable");
        String etagBefore = getPost(bob, alice, post).getResponse().getHeader("ETag");

        // when bob likes twice and carol once
        assertThat(like(bob, alice, post)).hasStatus(204);
        assertThat(like(bob, alice, post)).hasStatus(204);
        assertThat(like(carol, alice, post)).hasStatus(204);

        // then the post counts two, links its likes, and its ETag changed with the count
        MvcTestResult read = getPost(bob, alice, post);
        assertThat(read).hasStatus(200).bodyJson().extractingPath("$.like_count").isEqualTo(2);
        assertThat(read).bodyJson().extractingPath("$._links.likes").asString().endsWith(likes(alice, post));
        assertThat(read.getResponse().getHeader("ETag")).isNotNull().isNotEqualTo(etagBefore);
        assertThat(alice.apply(mvc.get().uri("/api/v1/feed")).exchange()).hasStatus(200).bodyJson()
                .extractingPath("$.items[0].like_count").isEqualTo(2);
        assertThat(alice.apply(mvc.get().uri("/api/v1/users/" + alice.userId() + "/posts")).exchange()).hasStatus(200)
                .bodyJson().extractingPath("$.items[0].like_count").isEqualTo(2);

        // and taking a like back twice counts once
        assertThat(unlike(bob, alice, post)).hasStatus(204);
        assertThat(unlike(bob, alice, post)).hasStatus(204);
        assertThat(likeCount(alice, alice, post)).isEqualTo(1);
        assertThat(alice.apply(mvc.get().uri("/api/users/" + alice.userId() + "/posts/" + post + "/likes")).exchange())
                .hasStatus(200).bodyJson().extractingPath("$.items[*].username").asArray().containsExactly(carol.username());
    }

    @Test
    void publishesANewLikeAndATakenBackOneOnceEach(ApplicationEvents events) {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        long post = api().createPost(alice, "Noticed");

        // when bob likes twice and takes it back twice
        assertThat(like(bob, alice, post)).hasStatus(204);
        assertThat(like(bob, alice, post)).hasStatus(204);
        assertThat(unlike(bob, alice, post)).hasStatus(204);
        assertThat(unlike(bob, alice, post)).hasStatus(204);

        // then each happened once, naming the post's author for whoever tells them
        assertThat(events.stream(LikeEvents.PostLiked.class))
                .containsExactly(new LikeEvents.PostLiked(post, alice.userId(), bob.userId()));
        assertThat(events.stream(LikeEvents.PostUnliked.class))
                .containsExactly(new LikeEvents.PostUnliked(post, alice.userId(), bob.userId()));
    }

    @Test
    void onlyTheLikerMayLikeOrUnlikeAsThemself() throws Exception {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long post = api().createPost(alice, "Mine");
        assertThat(like(carol, alice, post)).hasStatus(204);

        // when bob likes and unlikes as carol
        var likeAsCarol = bob.apply(mvc.put().uri(likes(alice, post) + "/" + carol.userId())).exchange();
        var unlikeAsCarol = bob.apply(mvc.delete().uri(likes(alice, post) + "/" + carol.userId())).exchange();

        // then both are refused and nothing changed
        assertThat(likeAsCarol).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(unlikeAsCarol).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(likeCount(alice, alice, post)).isEqualTo(1);
    }

    @Test
    void answersNotFoundForAMissingPostOrOneNotUnderThatAuthor() {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        long post = api().createPost(alice, "Here");

        // then
        assertThat(like(bob, alice, post + 1_000_000)).hasStatus(404).bodyJson().extractingPath("$.error.code")
                .isEqualTo("NOT_FOUND");
        assertThat(like(bob, bob, post)).hasStatus(404);
        assertThat(unlike(bob, bob, post)).hasStatus(404);
        assertThat(bob.apply(mvc.get().uri(likes(bob, post))).exchange()).hasStatus(404);
        assertThat(bob.apply(mvc.get().uri(likes(alice, post) + "?after=x")).exchange()).hasStatus(400);
    }

    @Test
    void listsTheLikersInKeysetPages() throws Exception {
        // given three likers
        var alice = api().newUser("alice");
        long post = api().createPost(alice, "Popular");
        List<ApiClient.Login> likers = List.of(api().newUser("l"), api().newUser("l"), api().newUser("l"));
        for (var liker : likers) {
            assertThat(like(liker, alice, post)).hasStatus(204);
        }

        // when
        MvcTestResult first = alice.apply(mvc.get().uri(likes(alice, post) + "?limit=2")).exchange();
        String next = JsonPath.read(first.getResponse().getContentAsString(), "$._links.next");
        MvcTestResult second = alice.apply(mvc.get().uri(next)).exchange();

        // then
        assertThat(first).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(likers.get(0).userId()), Long.toString(likers.get(1).userId()));
        assertThat(first.getResponse().getHeader("Link")).contains("rel=\"next\"");
        assertThat(second).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(likers.get(2).userId()));
        assertThat(second).bodyJson().doesNotHavePath("$._links.next");
    }

    @Test
    void likesOverGraphQlWithTheCountWhetherTheCallerLikedAndWho() {
        // given
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        long post = api().createPost(alice, "Graph");

        // when
        JsonNode liked = graphQl(bob, "mutation { likePost(postId: \"%d\") { id likeCount likedByMe } }".formatted(post));
        JsonNode again = graphQl(bob, "mutation { likePost(postId: \"%d\") { likeCount } }".formatted(post));
        JsonNode asAlice = graphQl(alice, "{ post(id: \"%d\") { likeCount likedByMe likes(first: 5) { username } } }"
                .formatted(post));
        JsonNode unliked = graphQl(bob, "mutation { unlikePost(postId: \"%d\") { likeCount likedByMe } }".formatted(post));
        JsonNode missing = graphQl(bob, "mutation { likePost(postId: \"%d\") { id } }".formatted(post + 1_000_000));

        // then
        assertThat(liked.at("/data/likePost/likeCount").asInt()).isEqualTo(1);
        assertThat(liked.at("/data/likePost/likedByMe").asBoolean()).isTrue();
        assertThat(again.at("/data/likePost/likeCount").asInt()).isEqualTo(1);
        assertThat(asAlice.at("/data/post/likeCount").asInt()).isEqualTo(1);
        assertThat(asAlice.at("/data/post/likedByMe").asBoolean()).isFalse();
        assertThat(asAlice.at("/data/post/likes/0/username").asString()).isEqualTo(bob.username());
        assertThat(unliked.at("/data/unlikePost/likeCount").asInt()).isZero();
        assertThat(unliked.at("/data/unlikePost/likedByMe").asBoolean()).isFalse();
        assertThat(missing.at("/errors/0/extensions/code").asString()).isEqualTo("NOT_FOUND");
    }

    @Test
    void answersLikedByMeForAPageOfPostsInOneBatch() {
        // given two posts, one liked by bob
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        long older = api().createPost(alice, "Older");
        long newer = api().createPost(alice, "Newer");
        assertThat(like(bob, alice, older)).hasStatus(204);

        // when
        JsonNode page = graphQl(bob, "{ user(id: \"%d\") { posts(first: 5) { id likedByMe likeCount } } }"
                .formatted(alice.userId()));

        // then
        assertThat(page.at("/data/user/posts/0/id").asString()).isEqualTo(Long.toString(newer));
        assertThat(page.at("/data/user/posts/0/likedByMe").asBoolean()).isFalse();
        assertThat(page.at("/data/user/posts/1/likedByMe").asBoolean()).isTrue();
        assertThat(page.at("/data/user/posts/1/likeCount").asInt()).isEqualTo(1);
    }

    @Test
    void deletingAPostOrAUserTakesTheirLikesAndKeepsTheCountsRight() throws Exception {
        // given bob likes two posts of alice, carol one
        var alice = api().newUser("alice");
        var bob = api().newUser("bob");
        var carol = api().newUser("carol");
        long kept = api().createPost(alice, "Kept");
        long doomed = api().createPost(alice, "Doomed");
        assertThat(like(bob, alice, kept)).hasStatus(204);
        assertThat(like(carol, alice, kept)).hasStatus(204);
        assertThat(like(bob, alice, doomed)).hasStatus(204);

        // when alice deletes one post and bob deletes his account
        assertThat(alice.apply(mvc.delete().uri("/api/v1/users/" + alice.userId() + "/posts/" + doomed)).exchange())
                .hasStatus(204);
        assertThat(bob.apply(mvc.delete().uri("/api/v1/users/" + bob.userId())).exchange()).hasStatus(204);

        // then no like is left of either, and the kept post counts carol alone
        assertThat(jdbc.sql("SELECT COUNT(*) FROM likes WHERE post_id = :p OR user_id = :u").param("p", doomed)
                .param("u", bob.userId()).query(Long.class).single()).isZero();
        assertThat(likeCount(alice, alice, kept)).isEqualTo(1);
        assertThat(alice.apply(mvc.get().uri(likes(alice, kept))).exchange()).bodyJson()
                .extractingPath("$.items[*].username").asArray().containsExactly(carol.username());
    }

    @Test
    void countsParallelLikesByDifferentPeopleExactly() throws Exception {
        // given
        var alice = api().newUser("alice");
        long post = api().createPost(alice, "Rush");
        List<ApiClient.Login> likers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            likers.add(api().newUser("rush"));
        }

        // when all like (and like again) at once
        List<Callable<Integer>> likesAtOnce = new ArrayList<>();
        for (var liker : likers) {
            likesAtOnce.add(() -> like(liker, alice, post).getResponse().getStatus());
            likesAtOnce.add(() -> like(liker, alice, post).getResponse().getStatus());
        }
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (Future<Integer> status : pool.invokeAll(likesAtOnce)) {
                statuses.add(status.get());
            }
        }

        // then
        assertThat(statuses).hasSize(16).containsOnly(204);
        assertThat(likeCount(alice, alice, post)).isEqualTo(8);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM likes WHERE post_id = :p").param("p", post).query(Long.class).single())
                .isEqualTo(8);
    }
}
