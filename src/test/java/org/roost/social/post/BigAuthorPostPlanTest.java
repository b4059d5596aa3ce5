package org.roost.social.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A big author's post reads none of their follows (issue 34: "a post costs what anyone's does"). The statement that
 * writes a post also turns an ordinary author big when their follows reach the threshold; for an author already
 * big, PostgreSQL used to count up to the threshold's follows on every post all the same (a one-time filter runs
 * before the row it guards is read), which made each of their posts 4-5 times dearer than anyone else's in
 * bench/run.sh. The plan of the very statement the service sends, on PostgreSQL, shows which nodes ran.
 */
@IntegrationTest
class BigAuthorPostPlanTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    @Value("${roost.timelines.big-account-threshold}")
    long threshold;

    @Test
    void aBigAuthorsPostReadsNoneOfTheirFollows() {
        // given an author followed by the threshold's worth of users, already big
        String prefix = "b" + UUID.randomUUID().toString().substring(0, 8) + "_";
        long author = jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) "
                        + "VALUES (:name, 'Big', 'x', now(), now()) RETURNING id")
                .param("name", prefix + "author").query(Long.class).single();
        jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) "
                        + "SELECT :prefix || g, 'Follower', 'x', now(), now() FROM generate_series(1, :count) g")
                .param("prefix", prefix).param("count", threshold).update();
        jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) SELECT :author, id, now() FROM users "
                        + "WHERE username LIKE :prefix || '%' AND id <> :author")
                .param("author", author).param("prefix", prefix).update();
        jdbc.sql("ANALYZE follows").update();
        // Big only now that the follows are there: the timelines' background pass turns a big author without them
        // back (a loaded run met it between the two inserts, and the statement then counted the follows, rightly).
        jdbc.sql("UPDATE users SET timeline_mode = :pulled WHERE id = :author")
                .param("pulled", TimelineMode.PULLED.code()).param("author", author).update();

        // when the service's own statement writes a post (in a transaction rolled back: EXPLAIN ANALYZE runs it)
        List<String> plan = new TransactionTemplate(transactions).execute(status -> {
            status.setRollbackOnly();
            return jdbc.sql("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) " + PostInserts.ON_POSTGRES)
                    .param("author", author).param("title", "Hello").param("body", "")
                    .param("parent", null, Types.BIGINT).param("mentions", null, Types.VARCHAR)
                    .param("now", OffsetDateTime.now(ZoneOffset.UTC)).param("threshold", threshold)
                    .query(String.class).list();
        });

        // then the post was written (a positive signal that the plan ran), and no node on follows read a row
        String text = String.join("\n", plan);
        assertThat(text).as(text).contains("Insert on posts").containsPattern("Insert on posts.*\\(actual rows=1 loops=1\\)");
        assertThat(plan).as(text).filteredOn(line -> line.contains(" on follows"))
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line).as(text).containsAnyOf("never executed", "actual rows=0 "));
    }
}
