package org.roost.social.timelines;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.social.post.TimelineMode;
import org.roost.social.post.TimelineProperties;
import org.roost.social.post.settings.TimelineSettings;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Feeds capped at 3 rows (no slack), trimmed 2 rows per statement and 2 owners per pass, with a big account from 2
 * followers: what is kept, what is untouched, where the timeline ends, and that passes finish a long trim. Run on
 * PostgreSQL ({@link FeedTrimOnPostgresTest}) and H2 ({@link FeedTrimOnH2Test}), on the shared services: the low
 * numbers are put in force through {@link TimelineSettings} for each test and taken back after it, the scheduled
 * passes are paused meanwhile (the tests run the trim pass by pass), and each walk starts at the test's own users,
 * past those of the classes that ran before on the same service.
 */
abstract class FeedTrimContract {

    @Autowired
    TimelineSettings settings;

    @BeforeEach
    void lowCaps() {
        TimelineProperties configured = settings.configured();
        settings.pauseBackground();
        settings.use(new TimelineProperties(2, 3, configured.maintenanceInterval(), Duration.ZERO, 2, 3, 0, 2, 2));
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
    FeedTrim trim;

    @Autowired
    FeedTrimRepository repository;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    void follow(ApiClient.Login fan, ApiClient.Login star) {
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/" + star.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
    }

    /** The whole feed over REST, page after page of {@code limit}, following the next links. */
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

    /** The whole feed over GraphQL, {@code first} at a time, each page after the last post of the one before. */
    List<String> graphQlFeed(ApiClient.Login reader, int first) throws Exception {
        List<String> titles = new ArrayList<>();
        String after = "";
        while (true) {
            String query = "{ feed(first: " + first + ", after: \\\"" + after + "\\\") { id title } }";
            MvcTestResult page = reader.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                    .content("{\"query\":\"" + query + "\"}").exchange();
            String body = page.getResponse().getContentAsString();
            List<String> ids = JsonPath.read(body, "$.data.feed[*].id");
            titles.addAll(JsonPath.read(body, "$.data.feed[*].title"));
            if (ids.size() < first) {
                return titles;
            }
            after = ids.getLast();
        }
    }

    List<Long> rows(ApiClient.Login owner) {
        return jdbc.sql("SELECT post_id FROM feed_entries WHERE owner_id = :o ORDER BY post_id DESC")
                .param("o", owner.userId()).query(Long.class).list();
    }

    long floor(ApiClient.Login owner) {
        return jdbc.sql("SELECT feed_floor FROM users WHERE id = :o").param("o", owner.userId()).query(Long.class).single();
    }

    /**
     * Passes from {@code first} (the test's first user) until the walk has gone past the last user and the last pass
     * found nothing to delete.
     */
    void trimEveryFeed(ApiClient.Login first) {
        jdbc.sql("UPDATE feed_trim_cursor SET after_owner = :a").param("a", first.userId() - 1).update();
        for (int pass = 0; pass < 10_000; pass++) {
            if (trim.run() == 0 && repository.cursor() == 0) {
                return;
            }
        }
        throw new AssertionError("the trim did not finish");
    }

    List<Long> posts(ApiClient.Login author, String... titles) {
        List<Long> ids = new ArrayList<>();
        for (String title : titles) {
            ids.add(api().createPost(author, title));
        }
        return ids;
    }

    @Test
    void trimsAFeedOverTheCapToItsNewestRows() throws Exception {
        // given: six posts of one's own, six rows
        var reader = api().newUser("over");
        List<Long> ids = posts(reader, "p1", "p2", "p3", "p4", "p5", "p6");
        assertThat(rows(reader)).hasSize(6);

        // when
        trimEveryFeed(reader);

        // then: the newest three kept, the oldest three gone, and the timeline ends with them
        assertThat(rows(reader)).containsExactly(ids.get(5), ids.get(4), ids.get(3));
        assertThat(floor(reader)).isEqualTo(ids.get(2));
        assertThat(feed(reader, 2)).containsExactly("p6", "p5", "p4");
    }

    @Test
    void leavesFeedsAtOrUnderTheCapUntouched() throws Exception {
        // given
        var atCap = api().newUser("atcap");
        var under = api().newUser("under");
        var over = api().newUser("overcap");
        List<Long> full = posts(atCap, "a1", "a2", "a3");
        List<Long> few = posts(under, "u1", "u2");
        posts(over, "o1", "o2", "o3", "o4");

        // when
        trimEveryFeed(atCap);

        // then
        assertThat(rows(atCap)).containsExactlyElementsOf(full.reversed());
        assertThat(rows(under)).containsExactlyElementsOf(few.reversed());
        assertThat(floor(atCap)).isZero();
        assertThat(floor(under)).isZero();
        assertThat(feed(atCap, 2)).containsExactly("a3", "a2", "a1");
        assertThat(rows(over)).hasSize(3);
    }

    @Test
    void aTrimmedFeedEndsAtItsOldestKeptRowWithABigAuthorMergedExactlyOnceNewestFirst() throws Exception {
        // given: a reader following a big author (merged when read) and an ordinary one (rows), posting in turn
        var star = api().newUser("trimstar");
        var plain = api().newUser("trimplain");
        var reader = api().newUser("trimreader");
        var fan = api().newUser("trimfan");
        follow(reader, star);
        follow(fan, star);
        follow(reader, plain);
        assertThat(jdbc.sql("SELECT timeline_mode FROM users WHERE id = :id").param("id", star.userId())
                .query(Integer.class).single()).isEqualTo(TimelineMode.PULLED.code());
        for (int i = 1; i <= 4; i++) {
            api().createPost(star, "s" + i);
            api().createPost(plain, "p" + i);
        }
        assertThat(feed(reader, 100)).containsExactly("p4", "s4", "p3", "s3", "p2", "s2", "p1", "s1");

        // when: the reader's four rows (p1 to p4) are trimmed to three
        trimEveryFeed(star);

        // then: the timeline ends at p2, the oldest kept row: s1 is not shown below the trimmed p1, whatever the page
        assertThat(rows(reader)).hasSize(3);
        for (int limit : new int[] { 1, 2, 3, 100 }) {
            assertThat(feed(reader, limit)).as("REST pages of " + limit)
                    .containsExactly("p4", "s4", "p3", "s3", "p2", "s2");
            assertThat(graphQlFeed(reader, limit)).as("GraphQL pages of " + limit)
                    .containsExactly("p4", "s4", "p3", "s3", "p2", "s2");
        }
        // a reader whose feed has no rows to trim still sees all of the big author's posts
        assertThat(feed(fan, 3)).containsExactly("s4", "s3", "s2", "s1");
    }

    @Test
    void trimsAFeedFarOverTheCapOverSeveralPassesEndingItsTimelineAtTheCapFromTheFirst() throws Exception {
        // given: nine rows, three over the cap by two statements of two and more
        var reader = api().newUser("farover");
        List<Long> ids = posts(reader, "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9");
        jdbc.sql("UPDATE feed_trim_cursor SET after_owner = :a").param("a", reader.userId() - 1).update();

        // when / then: two rows a pass, oldest first, each next pass starting again at the unfinished feed
        List<Integer> sizes = new ArrayList<>();
        for (int pass = 1; pass <= 4; pass++) {
            trim.run();
            sizes.add(rows(reader).size());
            assertThat(feed(reader, 2)).as("after pass " + pass).containsExactly("p9", "p8", "p7");
            assertThat(rows(reader).getLast()).isEqualTo(ids.get(9 - rows(reader).size()));
        }
        assertThat(sizes).containsExactly(7, 5, 3, 3);
        assertThat(repository.cursor()).isGreaterThanOrEqualTo(reader.userId());
    }

    @Test
    void aPassClaimsItsOwnersSoThatAnotherInstanceStartingFromTheSameCursorSkipsThem() {
        // given
        long at = repository.cursor();

        // when
        boolean first = repository.moveCursor(at, at + 2);
        boolean second = repository.moveCursor(at, at + 2);

        // then
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(repository.cursor()).isEqualTo(at + 2);
    }
}
