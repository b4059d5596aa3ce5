package org.roost.social.post;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The home timelines table and the reads that merge big authors into it (docs/timelines.md). It reads
 * {@code follows} and the {@code users} counters directly (rather than asking the follow feature for ids) so that
 * fanning a post out stays one INSERT ... SELECT inside the database.
 */
@Repository
class FeedRepository {

    /**
     * Where a trimmed feed ends (the newest post trimmed from it; 0 untrimmed): every source of a page stops above
     * it, so a page never shows a big author's older posts around the ordinary ones trimmed away. A primary-key
     * read inside the page's statement, not a round trip of its own.
     */
    private static final String FLOOR = "(SELECT feed_floor FROM users WHERE id = :owner)";

    /**
     * Newest first from the cursor: one backward range scan of the (owner_id, post_id) primary key, stopped at the
     * limit before the posts are joined by primary key (joined first, PostgreSQL may merge-join along the whole
     * posts index for a reader whose feed is sparse).
     */
    static final String PAGE = "SELECT p.id, p.author_id, p.title, p.body, p.created_at, p.updated_at, p.like_count, p.in_reply_to, p.reply_count, p.mentions "
            + "FROM (SELECT post_id FROM feed_entries WHERE owner_id = :owner AND post_id < :before "
            + "AND post_id > " + FLOOR + " ORDER BY post_id DESC LIMIT :limit) f "
            + "JOIN posts p ON p.id = f.post_id ORDER BY f.post_id DESC";

    /** The reader's rows, as in {@link #PAGE}. */
    private static final String OWN_ROWS = "SELECT post_id AS id FROM feed_entries WHERE owner_id = :owner "
            + "AND post_id < :before AND post_id > " + FLOOR + " ORDER BY post_id DESC LIMIT :limit";

    /** One big author's newest posts before the cursor, off the (author_id, id) index (see PostRepository). */
    private static final String AUTHOR_ROWS = "SELECT id FROM posts WHERE author_id = :a AND id < :before "
            + "AND (author_id, id) < (:a, :before) AND id > " + FLOOR + " ORDER BY author_id DESC, id DESC LIMIT :limit";

    /**
     * The author's followers counted up to {@code :threshold} at most: a read bounded by the threshold, whatever the
     * author's follower counter says (rows imported by SQL leave it stale until the repair).
     */
    static final String FOLLOWERS_UP_TO_THRESHOLD =
            "(SELECT COUNT(*) FROM (SELECT 1 FROM follows WHERE user_id = :author LIMIT :threshold) bounded)";

    /**
     * Typed parameters: H2 cannot infer the type of a bare parameter in a SELECT list of a UNION. A follower row
     * for each follower unless the author is big by its mode or, counted boundedly, by its follows: so a write never
     * inserts more than the threshold's rows, even when the counter is wrong.
     */
    static final String FAN_OUT_ROWS = "SELECT CAST(:author AS BIGINT) AS owner_id, CAST(:post AS BIGINT) AS post_id, "
            + "CAST(:author AS BIGINT) AS author_id UNION ALL "
            + "SELECT follower_id, CAST(:post AS BIGINT), CAST(:author AS BIGINT) FROM follows WHERE user_id = :author "
            + "AND (SELECT timeline_mode FROM users WHERE id = :author) <> " + TimelineMode.PULLED.code()
            + " AND " + FOLLOWERS_UP_TO_THRESHOLD + " < :threshold";

    /**
     * An author found big while posting (its counter is behind its follows) turns big with that post, so followers
     * merge its posts at read time; the background maintenance and the repair then go by the corrected counter.
     */
    static final String PULL_IF_FOLLOWED_PAST_THRESHOLD = "UPDATE users SET timeline_mode = " + TimelineMode.PULLED.code()
            + " WHERE id = :author AND timeline_mode <> " + TimelineMode.PULLED.code()
            // The same check again, as a one-time filter ahead of the count: PostgreSQL evaluates a one-time filter
            // before it reads the row, so without it every post of a big author counted threshold follows for nothing.
            + " AND (SELECT timeline_mode FROM users WHERE id = :author) <> " + TimelineMode.PULLED.code()
            + " AND " + FOLLOWERS_UP_TO_THRESHOLD + " >= :threshold";

    private final JdbcClient jdbc;

    FeedRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<PostSummary> page(long ownerId, @Nullable Long beforeId, int limit) {
        return jdbc.sql(PAGE)
                .param("owner", ownerId).param("before", before(beforeId))
                .param("limit", limit).query(PostRepository::map).list();
    }

    /** The big authors the reader follows: their posts are merged into the reader's pages. */
    List<Long> mergedAuthors(long ownerId) {
        return jdbc.sql("SELECT f.user_id FROM follows f JOIN users u ON u.id = f.user_id "
                        + "WHERE f.follower_id = :owner AND u.timeline_mode <> " + TimelineMode.PUSHED.code())
                .param("owner", ownerId).query(Long.class).list();
    }

    /**
     * The reader's rows and the newest posts of each big author they follow, merged in one statement: every source
     * gives its newest {@code limit} before the cursor, so the merged newest {@code limit} are exact; a post that
     * is in both (copied before its author became big) counts once.
     */
    List<PostSummary> mergedPage(long ownerId, List<Long> authors, @Nullable Long beforeId, int limit) {
        List<String> branches = new ArrayList<>();
        branches.add("(" + OWN_ROWS + ")");
        for (int i = 0; i < authors.size(); i++) {
            branches.add("(" + AUTHOR_ROWS.replace(":a", ":a" + i) + ")");
        }
        var statement = jdbc.sql("SELECT p.id, p.author_id, p.title, p.body, p.created_at, p.updated_at, p.like_count, p.in_reply_to, p.reply_count, p.mentions FROM "
                        + "(SELECT DISTINCT id FROM (" + String.join(" UNION ALL ", branches) + ") m "
                        + "ORDER BY id DESC LIMIT :limit) i JOIN posts p ON p.id = i.id ORDER BY p.id DESC")
                .param("owner", ownerId).param("before", before(beforeId)).param("limit", limit);
        for (int i = 0; i < authors.size(); i++) {
            statement = statement.param("a" + i, authors.get(i));
        }
        return statement.query(PostRepository::map).list();
    }

    /** The new post in its author's feed and, unless the author is big, in each follower's. */
    void fanOut(long postId, long authorId, long threshold) {
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) " + FAN_OUT_ROWS)
                .param("post", postId).param("author", authorId).param("threshold", threshold).update();
        jdbc.sql(PULL_IF_FOLLOWED_PAST_THRESHOLD).param("author", authorId).param("threshold", threshold).update();
    }

    /** A follow brings an ordinary author's newest posts into the follower's feed; a big author's are merged. */
    void copyRecentPosts(long authorId, long ownerId, int count) {
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT CAST(:owner AS BIGINT), r.id, r.author_id "
                        + "FROM (SELECT id, author_id FROM posts WHERE author_id = :author AND id < :before "
                        + "AND (author_id, id) < (:author, :before) ORDER BY author_id DESC, id DESC LIMIT :count) r "
                        + "WHERE (SELECT timeline_mode FROM users WHERE id = :author) <> " + TimelineMode.PULLED.code()
                        + " ON CONFLICT DO NOTHING")
                .param("owner", ownerId).param("author", authorId).param("before", Long.MAX_VALUE)
                .param("count", count).update();
    }

    /**
     * An author whose follower count is at least {@code atLeast} turns big at once (their next post is not copied).
     * It locks the author's row only when it changes it: follows of a big account do not queue here.
     */
    void pullIfBig(long authorId, long atLeast) {
        jdbc.sql("UPDATE users SET timeline_mode = " + TimelineMode.PULLED.code() + " WHERE id = :author "
                        + "AND timeline_mode <> " + TimelineMode.PULLED.code() + " AND follower_count >= :threshold")
                .param("author", authorId).param("threshold", atLeast).update();
    }

    void removePosts(long authorId, long ownerId) {
        jdbc.sql("DELETE FROM feed_entries WHERE owner_id = :owner AND author_id = :author")
                .param("owner", ownerId).param("author", authorId).update();
    }

    void removePost(long authorId, long postId) {
        jdbc.sql("DELETE FROM feed_entries WHERE author_id = :author AND post_id = :post")
                .param("author", authorId).param("post", postId).update();
    }

    /** Whether the post is in the reader's feed: a row of theirs, or a big author they follow. */
    boolean contains(long ownerId, long postId, long authorId) {
        return jdbc.sql("SELECT (SELECT COUNT(*) FROM feed_entries WHERE owner_id = :owner AND post_id = :post) "
                        + "+ (SELECT COUNT(*) FROM follows f JOIN users u ON u.id = f.user_id WHERE f.user_id = :author "
                        + "AND f.follower_id = :owner AND u.timeline_mode <> " + TimelineMode.PUSHED.code() + ")")
                .param("owner", ownerId).param("post", postId).param("author", authorId)
                .query(Long.class).single() > 0;
    }

    private static long before(@Nullable Long beforeId) {
        return beforeId == null ? Long.MAX_VALUE : beforeId;
    }
}
