package org.roost.social.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTestVariant;
import org.roost.social.timelines.TimelineMaintenance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue 34's import on PostgreSQL with the production settings: the default big-account threshold and the default
 * statement timeout (the test profile raises it to 60 s for the plan tests' data; here it is application.yml's
 * 1,500 ms again, so a write that scanned the imported follows would answer 503 instead of 201). Followers past the
 * threshold are written by SQL, as docs/operations.md allows, and the author posts before any repair.
 */
// (IntegrationTestVariant sets the production statement timeout, and raises the connect timeouts: on a loaded
// machine a new context's first connections can outlast them, and the context's start only sets the scene)
@IntegrationTestVariant
class FollowerImportOnPostgresTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TimelineMaintenance maintenance;

    @Autowired
    PlatformTransactionManager transactions;

    @Value("${roost.timelines.big-account-threshold}")
    long threshold;

    @Test
    void postsOfAnAuthorWithFollowersImportedPastTheThresholdAnswer201BeforeAnyRepair() throws Exception {
        // given an author and three times the threshold of followers written straight into the tables, counters at 0
        var api = new ApiClient(mvc);
        var author = api.newUser("importedstar");
        var reader = api.newUser("importedfan");
        long imported = 3 * threshold;
        String prefix = "i" + UUID.randomUUID().toString().substring(0, 8) + "_";
        // (the import is an operator's, in a transaction of its own without the service's statement timeout)
        new TransactionTemplate(transactions).executeWithoutResult(status -> {
            jdbc.sql("SET LOCAL statement_timeout = 0").update();
            jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) "
                            + "SELECT :prefix || g, 'Imported ' || g, 'x', now(), now() FROM generate_series(1, :count) g")
                    .param("prefix", prefix).param("count", imported).update();
            jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) "
                            + "SELECT :author, id, now() FROM users WHERE username LIKE :pattern")
                    .param("author", author.userId()).param("pattern", prefix + "%").update();
            jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) VALUES (:author, :reader, now())")
                    .param("author", author.userId()).param("reader", reader.userId()).update();
        });
        assertThat(followerCounter(author)).as("the counter the import left stale").isZero();

        // when the author posts three times, before any repair
        for (int i = 1; i <= 3; i++) {
            MvcTestResult post = author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"title\":\"imported %d\",\"body\":\"text\"}".formatted(i)).exchange();

            // then each write answers 201 within the production statement timeout
            assertThat(post).as("post " + i).hasStatus(201);
        }

        // and no write copied a post to the followers (only the author's own feed rows), the author reads as big,
        // and a follower still reads the posts, merged at read time
        assertThat(jdbc.sql("SELECT COUNT(*) FROM feed_entries WHERE author_id = :author")
                .param("author", author.userId()).query(Long.class).single()).isEqualTo(3L);
        assertThat(jdbc.sql("SELECT timeline_mode FROM users WHERE id = :id").param("id", author.userId())
                .query(Integer.class).single()).isEqualTo(TimelineMode.PULLED.code());
        MvcTestResult feed = reader.apply(mvc.get().uri("/api/v1/feed?limit=10")).exchange();
        assertThat(feed).hasStatus(200);
        assertThat(JsonPath.<java.util.List<String>>read(feed.getResponse().getContentAsString(), "$.items[*].title"))
                .containsExactly("imported 3", "imported 2", "imported 1");

        // and the background maintenance, going by the stale counter, does not copy the author back into 30,000
        // feeds: it stays big until the repair
        maintenance.runToCompletion();
        assertThat(jdbc.sql("SELECT timeline_mode FROM users WHERE id = :id").param("id", author.userId())
                .query(Integer.class).single()).isEqualTo(TimelineMode.PULLED.code());
        assertThat(jdbc.sql("SELECT COUNT(*) FROM timeline_returns WHERE author_id = :author")
                .param("author", author.userId()).query(Long.class).single()).isZero();
    }

    private long followerCounter(ApiClient.Login user) {
        return jdbc.sql("SELECT follower_count FROM users WHERE id = :id").param("id", user.userId())
                .query(Long.class).single();
    }
}
