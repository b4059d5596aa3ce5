package org.roost.social.post;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.GeneratedUsers;
import org.roost.support.RepositorySliceOnPostgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The feed's page query on PostgreSQL, with a reader who follows 10 people and one who follows 1,000 (each of
 * whom wrote 20 posts and follows five others): both plans read the primary key backwards from the cursor and stop at the limit.
 */
@RepositorySliceOnPostgres
// Committed, as the service's own statements are: the plans are those of settled tables (VACUUM needs no transaction)
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class FeedPlanTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void readsOnePageByAnIndexRangeWhateverTheReaderFollows() {
        // given
        List<Long> ids = GeneratedUsers.insert(jdbc, "plan", 1002);
        long light = ids.get(0);
        long heavy = ids.get(1);
        long firstAuthor = ids.get(2);
        long lastAuthor = ids.getLast();
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) SELECT a, 't', 'b', now(), now() "
                + "FROM generate_series(:first, :last) a, generate_series(1, 20) n")
                .param("first", firstAuthor).param("last", lastAuthor).update();
        jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) SELECT a, :heavy, now() FROM generate_series(:first, :last) a")
                .param("heavy", heavy).param("first", firstAuthor).param("last", lastAuthor).update();
        jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) SELECT a, :light, now() FROM generate_series(:first, :last) a")
                .param("light", light).param("first", firstAuthor).param("last", firstAuthor + 9).update();
        // the other readers: each author follows the next five, as a feed table holds many readers' rows
        jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) SELECT a, a + k, now() "
                + "FROM generate_series(:first, :last - 5) a, generate_series(1, 5) k")
                .param("first", firstAuthor).param("last", lastAuthor).update();
        jdbc.sql("ANALYZE posts").update();
        jdbc.sql("ANALYZE follows").update();
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT author_id, id, author_id FROM posts "
                + "WHERE author_id BETWEEN :first AND :last").param("first", firstAuthor).param("last", lastAuthor).update();
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT f.follower_id, p.id, p.author_id "
                + "FROM follows f JOIN posts p ON p.author_id = f.user_id WHERE p.author_id BETWEEN :first AND :last")
                .param("first", firstAuthor).param("last", lastAuthor).update();
        jdbc.sql("ANALYZE feed_entries").update();

        // when
        String lightPlan = plan(light, null);
        String heavyPlan = plan(heavy, null);
        long middle = jdbc.sql("SELECT post_id FROM feed_entries WHERE owner_id = :o ORDER BY post_id LIMIT 1 OFFSET 10000")
                .param("o", heavy).query(Long.class).single();
        String deepPlan = plan(heavy, middle);

        // then
        for (String plan : List.of(lightPlan, heavyPlan, deepPlan)) {
            assertThat(plan).as(plan).contains("Index Only Scan Backward using feed_entries_pkey on feed_entries")
                    .doesNotContain("Seq Scan").doesNotContain("Sort").doesNotContain("Hash");
            assertThat(plan).as(plan).containsPattern("Index Only Scan Backward using feed_entries_pkey on feed_entries\\s+"
                    + "\\(cost=[^)]*\\) \\(actual rows=21 loops=1\\)")
                    .containsPattern("Index Scan using posts_pkey on posts p\\s+\\(cost=[^)]*\\) \\(actual rows=1 loops=21\\)");
        }
        System.out.println("Feed page plan, reader following 1,000 people, page deep in 20,000 entries:\n" + deepPlan);
    }

    private String plan(long owner, Long before) {
        return String.join("\n", jdbc.sql("EXPLAIN (ANALYZE, COSTS, TIMING OFF) " + FeedRepository.PAGE)
                .param("owner", owner).param("before", before == null ? Long.MAX_VALUE : before).param("limit", 21)
                .query(String.class).list());
    }
}
