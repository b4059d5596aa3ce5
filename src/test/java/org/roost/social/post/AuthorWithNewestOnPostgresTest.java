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
 * {@code user(id) { posts }}'s one statement on PostgreSQL: the user with the newest page of their posts, read off the
 * (author_id, id) index however many posts the table holds, the user's avatar checked once, and the user alone when
 * they have none.
 */
@RepositorySliceOnPostgres
// Committed, as the service's own statements are: the plan is that of settled tables
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class AuthorWithNewestOnPostgresTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PostRepository posts;

    @Test
    void loadsTheUserAndTheirNewestPostsInOneIndexedStatement() {
        // given: a prolific author among 200 others, and a user without posts
        List<Long> ids = GeneratedUsers.insert(jdbc, "joined", 202);
        long author = ids.get(0);
        long silent = ids.get(1);
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) SELECT a, 't' || n, 'b', now(), now() "
                + "FROM generate_series(:first, :last) a, generate_series(1, 50) n")
                .param("first", ids.get(2)).param("last", ids.getLast()).update();
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) SELECT :author, 'mine ' || n, 'b', now(), now() "
                + "FROM generate_series(1, 5000) n").param("author", author).update();
        jdbc.sql("ANALYZE posts").update();
        List<Long> newest = jdbc.sql("SELECT id FROM posts WHERE author_id = :author ORDER BY id DESC LIMIT 20")
                .param("author", author).query(Long.class).list();

        // when
        var page = posts.authorWithNewest(author, 20).orElseThrow();
        var none = posts.authorWithNewest(silent, 20).orElseThrow();
        var missing = posts.authorWithNewest(Long.MAX_VALUE, 20);
        String plan = String.join("\n", jdbc.sql("EXPLAIN (ANALYZE, COSTS, TIMING OFF) " + PostRepository.authorWithNewest(20))
                .param("author", author).query(String.class).list());

        // then
        assertThat(page.author().id()).isEqualTo(author);
        assertThat(page.author().username()).startsWith("joined1_");
        assertThat(page.posts()).extracting(PostSummary::id).containsExactlyElementsOf(newest);
        assertThat(page.posts()).allSatisfy(post -> assertThat(post.authorId()).isEqualTo(author));
        assertThat(none.author().id()).isEqualTo(silent);
        assertThat(none.posts()).isEmpty();
        assertThat(missing).isEmpty();
        assertThat(plan).as(plan).doesNotContain("Seq Scan on posts")
                .containsPattern("Index (Only )?Scan( Backward)? using \\w+ on posts")
                // the user's avatar checked once, not once per post (the OFFSET 0 fence)
                .containsPattern("on avatars a\\s+\\(cost=[^)]*\\) \\(actual rows=\\d+ loops=1\\)");
        System.out.println("user(id) { posts } plan, an author with 5,000 posts:\n" + plan);
    }
}
