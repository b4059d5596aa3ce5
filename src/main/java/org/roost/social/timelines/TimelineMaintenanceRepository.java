package org.roost.social.timelines;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.roost.social.post.TimelineMode;
import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The statements of the background job and the repair: each bounded by a batch, each its own transaction. */
@Repository
class TimelineMaintenanceRepository {

    private static final int PUSHED = TimelineMode.PUSHED.code();
    private static final int PULLED = TimelineMode.PULLED.code();
    private static final int RETURNING = TimelineMode.RETURNING.code();

    /** An author's newest posts, off the (author_id, id) index. */
    private static final String RECENT = "(SELECT id, author_id FROM posts WHERE author_id = :author AND id < :max "
            + "AND (author_id, id) < (:author, :max) ORDER BY author_id DESC, id DESC LIMIT :count) r";

    record Return(long authorId, long afterFollower, Instant startedAt) {
    }

    private final JdbcClient jdbc;

    TimelineMaintenanceRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Authors at or above the threshold who are still copied (after an import or a changed threshold). */
    int pullBigAuthors(long threshold) {
        int pulled = jdbc.sql("UPDATE users SET timeline_mode = " + PULLED + " WHERE follower_count >= :t "
                + "AND timeline_mode <> " + PULLED).param("t", threshold).update();
        jdbc.sql("DELETE FROM timeline_returns WHERE author_id IN (SELECT id FROM users WHERE timeline_mode = " + PULLED + ")")
                .update();
        return pulled;
    }

    /**
     * Big authors who fell below the low mark start being copied back (mode 2 and a cursor). Their follows are
     * counted too, up to the mark at most: an author whose followers were imported by SQL has a counter of 0 until
     * the repair, and turned big with its first post (post.FeedRepository); going by the counter alone would copy
     * its posts back into every imported follower's feed, and its next post would turn it big again.
     */
    List<Long> startReturns(long below, Instant now) {
        // "fewer than :below follows": no follow row at offset below - 1 (H2 refuses the outer reference that a
        // bounded COUNT(*) over a derived table would need)
        List<Long> authors = jdbc.sql("SELECT u.id FROM users u WHERE u.timeline_mode = " + PULLED
                + " AND u.follower_count < :below AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.user_id = u.id "
                + "LIMIT 1 OFFSET :last) ORDER BY u.id LIMIT 100")
                .param("below", below).param("last", Math.max(0, below - 1)).query(Long.class).list();
        for (long author : authors) {
            if (jdbc.sql("UPDATE users SET timeline_mode = " + RETURNING + " WHERE id = :a AND timeline_mode = " + PULLED)
                    .param("a", author).update() > 0) {
                jdbc.sql("INSERT INTO timeline_returns (author_id, after_follower, started_at) VALUES (:a, 0, :now) "
                        + "ON CONFLICT DO NOTHING").param("a", author).param("now", Timestamps.utc(now)).update();
            }
        }
        return authors;
    }

    List<Return> returns() {
        return jdbc.sql("SELECT author_id, after_follower, started_at FROM timeline_returns ORDER BY author_id LIMIT 100")
                .query((rs, row) -> new Return(rs.getLong("author_id"), rs.getLong("after_follower"),
                        rs.getObject("started_at", java.time.OffsetDateTime.class).toInstant())).list();
    }

    /** The next {@code batch} followers after the cursor, in id order (the follows primary key). */
    List<Long> followersAfter(long author, long after, int batch) {
        return jdbc.sql("SELECT follower_id FROM follows WHERE user_id = :a AND follower_id > :after "
                        + "AND (user_id, follower_id) > (:a, :after) ORDER BY user_id, follower_id LIMIT :batch")
                .param("a", author).param("after", after).param("batch", batch).query(Long.class).list();
    }

    /** The author's newest posts into the feeds of followers {@code (after, upTo]} who still follow them. */
    int copyToFollowers(long author, long after, long upTo, int count) {
        return jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT f.follower_id, r.id, r.author_id "
                        + "FROM follows f CROSS JOIN " + RECENT + " WHERE f.user_id = :author AND f.follower_id > :after "
                        + "AND f.follower_id <= :upTo ON CONFLICT DO NOTHING")
                .param("author", author).param("after", after).param("upTo", upTo).param("max", Long.MAX_VALUE)
                .param("count", count).update();
    }

    void advance(long author, long after) {
        jdbc.sql("UPDATE timeline_returns SET after_follower = :after WHERE author_id = :a")
                .param("a", author).param("after", after).update();
    }

    /** The copy back is done: the author is ordinary again, unless they became big meanwhile. */
    void finishReturn(long author) {
        jdbc.sql("UPDATE users SET timeline_mode = " + PUSHED + " WHERE id = :a AND timeline_mode = " + RETURNING)
                .param("a", author).update();
        jdbc.sql("DELETE FROM timeline_returns WHERE author_id = :a").param("a", author).update();
    }

    Optional<Integer> mode(long author) {
        return jdbc.sql("SELECT timeline_mode FROM users WHERE id = :a").param("a", author).query(Integer.class).optional();
    }

    /** Repair: each author's own newest posts in their own feed, for a few authors per statement. */
    int copyOwn(List<Long> authors, int count) {
        if (authors.isEmpty()) {
            return 0;
        }
        List<String> branches = new java.util.ArrayList<>();
        for (int i = 0; i < authors.size(); i++) {
            branches.add("(SELECT id, author_id FROM posts WHERE author_id = :a" + i + " AND id < :max AND (author_id, id) < "
                    + "(:a" + i + ", :max) ORDER BY author_id DESC, id DESC LIMIT :count)");
        }
        var statement = jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT r.author_id, r.id, "
                + "r.author_id FROM (" + String.join(" UNION ALL ", branches) + ") r ON CONFLICT DO NOTHING")
                .param("max", Long.MAX_VALUE).param("count", count);
        for (int i = 0; i < authors.size(); i++) {
            statement = statement.param("a" + i, authors.get(i));
        }
        return statement.update();
    }

    /** Repair: the users in {@code [from, to)} who wrote anything. */
    List<Long> authors(long from, long to) {
        return jdbc.sql("SELECT id FROM users u WHERE id >= :from AND id < :to "
                + "AND EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id) ORDER BY id")
                .param("from", from).param("to", to).query(Long.class).list();
    }

    /**
     * Repair: ordinary authors (with followers and posts) among users {@code [from, to)}. Without posts there is
     * nothing to copy, and each such author cost the repair three statements: an import where every user follows a few
     * others (200,000 users, 1,000,000 follows in bench/repair.sh) had 200,000 of them.
     */
    List<Long> copiedAuthors(long from, long to) {
        return jdbc.sql("SELECT id FROM users u WHERE id >= :from AND id < :to AND follower_count > 0 AND timeline_mode <> "
                        + PULLED + " AND EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id) ORDER BY id")
                .param("from", from).param("to", to).query(Long.class).list();
    }

    /** Repair: rows of readers {@code [from, to)} whose post is gone or whose author they no longer follow. */
    int removeStrayRows(long from, long to) {
        return jdbc.sql("DELETE FROM feed_entries WHERE owner_id >= :from AND owner_id < :to AND ("
                        + "NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = feed_entries.post_id) OR (owner_id <> author_id "
                        + "AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.user_id = feed_entries.author_id "
                        + "AND f.follower_id = feed_entries.owner_id)))")
                .param("from", from).param("to", to).update();
    }

    long maxUserId() {
        return jdbc.sql("SELECT COALESCE(MAX(id), 0) FROM users").query(Long.class).single();
    }
}
