package org.roost.social.post;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.social.post.settings.TimelineSettings;
import org.roost.support.ApiClient;
import org.roost.social.timelines.TimelineMaintenance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hybrid timelines with a threshold of 4 followers (big below 2 no more), a follow copying 3 posts: ordering,
 * exactly-once across pages and both paths, unfollow, deletion, crossing the threshold both ways, counters.
 * Run on PostgreSQL ({@link HybridTimelineOnPostgresTest}) and H2 ({@link HybridTimelineOnH2Test}), on the shared
 * services: the low numbers are put in force through {@link TimelineSettings} for each test and taken back after
 * it, and the scheduled passes are paused meanwhile (the tests run the maintenance themselves, and the other classes
 * sharing the service run before or after, never during).
 */
abstract class HybridTimelineContract {

    @Autowired
    TimelineSettings settings;

    @BeforeEach
    void lowThreshold() {
        TimelineProperties configured = settings.configured();
        settings.pauseBackground();
        settings.use(new TimelineProperties(4, 3, configured.maintenanceInterval(), Duration.ZERO, 2,
                configured.feedCap(), configured.feedCapSlack(), configured.trimOwners(), configured.trimRows()));
    }

    @AfterEach
    void configuredSettings() {
        settings.reset();
    }

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TimelineMaintenance maintenance;

    @Autowired
    FeedService feedService;

    @Autowired
    PostService posts;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    void follow(ApiClient.Login fan, ApiClient.Login star) {
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/" + star.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
    }

    void unfollow(ApiClient.Login fan, ApiClient.Login star) {
        assertThat(fan.apply(mvc.delete().uri("/api/v1/users/" + star.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
    }

    /** The whole feed, page after page of {@code limit}, following the next links. */
    List<String> feed(ApiClient.Login reader, int limit) throws Exception {
        List<String> titles = new ArrayList<>();
        String uri = "/api/v1/feed?limit=" + limit;
        while (uri != null) {
            MvcTestResult page = reader.apply(mvc.get().uri(uri)).exchange();
            assertThat(page).hasStatus(200);
            String body = page.getResponse().getContentAsString();
            titles.addAll(JsonPath.read(body, "$.items[*].title"));
            List<String> next = JsonPath.read(body, "$._links[?(@.next)].next");
            uri = next.isEmpty() ? null : next.getFirst();
        }
        return titles;
    }

    int mode(ApiClient.Login author) {
        return jdbc.sql("SELECT timeline_mode FROM users WHERE id = :id").param("id", author.userId())
                .query(Integer.class).single();
    }

    List<ApiClient.Login> fans(int count) {
        List<ApiClient.Login> fans = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            fans.add(api().newUser("fan"));
        }
        return fans;
    }

    @Test
    void mergesABigAuthorsPostsNewestFirstExactlyOnceAcrossTheThreshold() throws Exception {
        // given: a star who gains followers past the threshold while posting, and a reader who posts in between
        var star = api().newUser("star");
        var fans = fans(4);
        var reader = fans.getFirst();
        follow(reader, star);
        api().createPost(star, "s1");
        api().createPost(reader, "m1");
        follow(fans.get(1), star);
        follow(fans.get(2), star);
        api().createPost(star, "s2");
        follow(fans.get(3), star);
        api().createPost(star, "s3");
        api().createPost(reader, "m2");
        api().createPost(star, "s4");

        // when / then: every page size gives the same feed, each post once
        assertThat(mode(star)).isEqualTo(TimelineMode.PULLED.code());
        for (int limit : new int[] { 1, 2, 3, 100 }) {
            assertThat(feed(reader, limit)).as("pages of " + limit).containsExactly("s4", "m2", "s3", "s2", "m1", "s1");
        }
        assertThat(feed(fans.get(3), 2)).containsExactly("s4", "s3", "s2", "s1");
        assertThat(feed(star, 3)).containsExactly("s4", "s3", "s2", "s1");
        // the live feed (feedPostCreated) lets a big author's new post through to followers only
        PostSummary latest = posts.get(jdbc.sql("SELECT MAX(id) FROM posts WHERE author_id = :a")
                .param("a", star.userId()).query(Long.class).single());
        assertThat(feedService.belongsTo(fans.get(3).userId(), latest)).isTrue();
        assertThat(feedService.belongsTo(api().newUser("stranger").userId(), latest)).isFalse();
        // the big author's post was not copied to anyone but its author
        assertThat(jdbc.sql("SELECT COUNT(*) FROM feed_entries f JOIN posts p ON p.id = f.post_id WHERE p.title = 's4' "
                + "AND p.author_id = :star").param("star", star.userId()).query(Long.class).single()).isEqualTo(1L);
    }

    @Test
    void unfollowAndDeletionsTakeABigAuthorsPostsOutOfEveryFeed() throws Exception {
        // given
        var star = api().newUser("bigstar");
        var fans = fans(5);
        fans.forEach(fan -> follow(fan, star));
        api().createPost(star, "kept");
        long deleted = api().createPost(star, "deleted");
        api().createPost(fans.get(1), "own");

        // when
        unfollow(fans.getFirst(), star);
        assertThat(star.apply(mvc.delete().uri("/api/v1/users/" + star.userId() + "/posts/" + deleted)).exchange())
                .hasStatus(204);

        // then
        assertThat(mode(star)).isEqualTo(TimelineMode.PULLED.code());
        assertThat(feed(fans.getFirst(), 10)).isEmpty();
        assertThat(feed(fans.get(1), 10)).containsExactly("own", "kept");
        assertThat(star.apply(mvc.delete().uri("/api/v1/users/" + star.userId())).exchange()).hasStatus(204);
        assertThat(feed(fans.get(1), 10)).containsExactly("own");
        assertThat(feed(fans.get(2), 10)).isEmpty();
    }

    @Test
    void aBigAuthorWhoLosesFollowersIsCopiedBackAndEveryFeedStaysCorrect() throws Exception {
        // given: a big author with posts nobody's feed holds
        var star = api().newUser("fading");
        var fans = fans(4);
        fans.forEach(fan -> follow(fan, star));
        api().createPost(star, "p1");
        api().createPost(star, "p2");
        api().createPost(fans.getFirst(), "mine");

        // when: three leave (1 follower: below half the threshold) and the background job runs
        fans.subList(1, 4).forEach(fan -> unfollow(fan, star));
        assertThat(feed(fans.getFirst(), 1)).containsExactly("mine", "p2", "p1");
        maintenance.runToCompletion();
        api().createPost(star, "p3");

        // then: ordinary again, with the posts copied back and the new one copied on write
        assertThat(mode(star)).isEqualTo(TimelineMode.PUSHED.code());
        assertThat(jdbc.sql("SELECT COUNT(*) FROM feed_entries WHERE owner_id = :o AND author_id = :a")
                .param("o", fans.getFirst().userId()).param("a", star.userId()).query(Long.class).single()).isEqualTo(3L);
        assertThat(feed(fans.getFirst(), 2)).containsExactly("p3", "mine", "p2", "p1");
        assertThat(feed(fans.get(1), 2)).isEmpty();

        // and back over the threshold: big again at the fourth follower, nothing lost
        fans.subList(1, 4).forEach(fan -> follow(fan, star));
        api().createPost(star, "p4");
        assertThat(mode(star)).isEqualTo(TimelineMode.PULLED.code());
        assertThat(feed(fans.getFirst(), 2)).containsExactly("p4", "p3", "mine", "p2", "p1");
        assertThat(feed(fans.get(3), 3)).containsExactly("p4", "p3", "p2", "p1");
    }

    @Test
    void aFollowCopiesOnlyTheNewestPostsOfAnOrdinaryAuthor() throws Exception {
        // given
        var author = api().newUser("prolific");
        for (int i = 1; i <= 5; i++) {
            api().createPost(author, "post " + i);
        }
        var reader = api().newUser("newcomer");

        // when
        follow(reader, author);

        // then
        assertThat(mode(author)).isEqualTo(TimelineMode.PUSHED.code());
        assertThat(feed(reader, 2)).containsExactly("post 5", "post 4", "post 3");
    }

    @Test
    void keepsFollowerAndFollowingCountsWithEveryFollowUnfollowAndDeletion() throws Exception {
        // given
        var a = api().newUser("ca");
        var b = api().newUser("cb");
        var c = api().newUser("cc");
        follow(a, b);
        follow(a, b);
        follow(c, b);
        follow(b, c);
        assertThat(counts(a, b)).isEqualTo(List.of(2, 1));

        // when
        unfollow(a, b);
        unfollow(a, b);
        assertThat(c.apply(mvc.delete().uri("/api/v1/users/" + c.userId())).exchange()).hasStatus(204);

        // then
        assertThat(counts(a, b)).isEqualTo(List.of(0, 0));
        assertThat(counts(a, a)).isEqualTo(List.of(0, 0));
    }

    @Test
    void repairsCountersAndFeedsAfterRowsWrittenStraightIntoTheTables() throws Exception {
        // given: follows and posts written by SQL (an import), and a post deleted by SQL
        var big = api().newUser("imported");
        var ordinary = api().newUser("plain");
        var readers = fans(4);
        var watcher = api().newUser("watcher");
        follow(watcher, ordinary);
        long gone = api().createPost(ordinary, "gone");
        for (int i = 1; i <= 5; i++) {
            for (var author : List.of(big, ordinary)) {
                jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) "
                        + "VALUES (:a, :t, 'b', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                        .param("a", author.userId()).param("t", "i" + i).update();
            }
        }
        for (var reader : readers) {
            jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) VALUES (:u, :f, CURRENT_TIMESTAMP)")
                    .param("u", big.userId()).param("f", reader.userId()).update();
        }
        jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) VALUES (:u, :f, CURRENT_TIMESTAMP)")
                .param("u", ordinary.userId()).param("f", readers.getFirst().userId()).update();
        jdbc.sql("DELETE FROM posts WHERE id = :id").param("id", gone).update();
        assertThat(counts(big, big)).isEqualTo(List.of(0, 0));

        // when: only an operator may run it (recognised by address)
        var outsider = mvc.post().uri("/actuator/repair").with(request -> {
            request.setRemoteAddr("203.0.113.9");
            return request;
        }).exchange();
        var repair = mvc.post().uri("/actuator/repair").exchange();

        // then
        assertThat(outsider).hasStatus(403);
        assertThat(repair).hasStatus(200);
        assertThat(repair).bodyJson().extractingPath("$.counters_fixed").asNumber().satisfies(n -> assertThat(n.intValue()).isGreaterThanOrEqualTo(6));
        assertThat(counts(big, big)).isEqualTo(List.of(4, 0));
        assertThat(counts(big, readers.getFirst())).isEqualTo(List.of(0, 2));
        assertThat(mode(big)).isEqualTo(TimelineMode.PULLED.code());
        assertThat(feed(readers.getFirst(), 4)).containsExactly("i5", "i5", "i4", "i4", "i3", "i3", "i2", "i1");
        assertThat(feed(readers.get(1), 2)).containsExactly("i5", "i4", "i3", "i2", "i1");
        assertThat(feed(ordinary, 2)).containsExactly("i5", "i4", "i3");
        assertThat(feed(watcher, 2)).containsExactly("i5", "i4", "i3");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM feed_entries WHERE post_id = :id").param("id", gone)
                .query(Long.class).single()).isZero();
        // and a second run finds nothing to do
        assertThat(mvc.post().uri("/actuator/repair").exchange()).bodyJson().extractingPath("$.feed_rows_added")
                .asNumber().satisfies(n -> assertThat(n.intValue()).isZero());
    }

    /** followerCount of {@code of} and its followingCount, as {@code as} reads them over GraphQL. */
    List<Integer> counts(ApiClient.Login as, ApiClient.Login of) throws Exception {
        MvcTestResult result = as.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ user(id: \\\"" + of.userId() + "\\\") { followerCount followingCount } }\"}")
                .exchange();
        String body = result.getResponse().getContentAsString();
        return List.of(JsonPath.read(body, "$.data.user.followerCount"), JsonPath.read(body, "$.data.user.followingCount"));
    }

    @Test
    void followersImportedBySqlPastTheThresholdMakeAPostBigNotAFanOut() throws Exception {
        // given an author whose followers were imported by SQL, past the threshold (4), counters left at zero
        var star = api().newUser("imported");
        var fans = fans(6);
        for (var fan : fans) {
            jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) VALUES (:star, :fan, CURRENT_TIMESTAMP)")
                    .param("star", star.userId()).param("fan", fan.userId()).update();
        }
        assertThat(mode(star)).isEqualTo(TimelineMode.PUSHED.code());

        // when the author posts, before any repair
        api().createPost(star, "after-import");

        // then the write copied the post to no follower, the author turned big with it, and every follower reads it
        assertThat(jdbc.sql("SELECT COUNT(*) FROM feed_entries f JOIN posts p ON p.id = f.post_id "
                + "WHERE p.author_id = :star").param("star", star.userId()).query(Long.class).single()).isEqualTo(1L);
        assertThat(mode(star)).isEqualTo(TimelineMode.PULLED.code());
        for (var fan : fans) {
            assertThat(feed(fan, 10)).as("fan " + fan.userId()).containsExactly("after-import");
        }
    }
}
