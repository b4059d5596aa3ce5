package org.roost.social.timelines;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The trim's statements (docs/timelines.md, "Bounds"): each reads or changes a bounded number of owners and rows,
 * each in its own transaction (none of them runs inside one), every one driven by a primary key.
 */
@Repository
class FeedTrimRepository {

    /**
     * A feed with rows to trim: its owner, its floor, and the newest row beyond the cap (null when the feed is not
     * over the cap and only rows at or below its floor are left).
     */
    record Over(long owner, long floor, @Nullable Long newestBeyondCap) {
    }

    /** The statements, for the plan test (FeedTrimPlanTest). */
    static final String OWNERS_AFTER = "SELECT id FROM users WHERE id > :after ORDER BY id LIMIT :count";

    static final String OVER = "SELECT u.id, u.feed_floor, (SELECT e.post_id FROM feed_entries e WHERE e.owner_id = u.id "
            + "ORDER BY e.post_id DESC LIMIT 1 OFFSET :cap) AS beyond FROM users u "
            + "WHERE u.id > :after AND u.id <= :upTo AND ("
            + "EXISTS (SELECT 1 FROM feed_entries e WHERE e.owner_id = u.id AND e.post_id <= u.feed_floor) "
            + "OR (SELECT e.post_id FROM feed_entries e WHERE e.owner_id = u.id "
            + "ORDER BY e.post_id DESC LIMIT 1 OFFSET :mark) IS NOT NULL) ORDER BY u.id";

    static final String RAISE_FLOOR = "UPDATE users SET feed_floor = :floor WHERE id = :owner AND feed_floor < :floor";

    /**
     * A range of the primary key, bounded by the {@code rows}-th oldest row at or below the floor. Written as
     * {@code post_id IN (…)}, PostgreSQL sometimes hash-joined the subquery against the owner's whole feed.
     */
    static final String TRIM = "DELETE FROM feed_entries WHERE owner_id = :owner AND post_id <= (SELECT max(post_id) "
            + "FROM (SELECT post_id FROM feed_entries WHERE owner_id = :owner AND post_id <= :floor "
            + "ORDER BY post_id LIMIT :rows) oldest)";

    private final JdbcClient jdbc;

    FeedTrimRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long cursor() {
        return jdbc.sql("SELECT after_owner FROM feed_trim_cursor WHERE id = 1").query(Long.class).single();
    }

    /** Compare and set: false when another instance moved the cursor first (it has taken these owners). */
    boolean moveCursor(long from, long to) {
        return jdbc.sql("UPDATE feed_trim_cursor SET after_owner = :to WHERE id = 1 AND after_owner = :from")
                .param("from", from).param("to", to).update() > 0;
    }

    /** The next {@code count} users after {@code after}, in id order (a range of the users primary key). */
    List<Long> ownersAfter(long after, int count) {
        return jdbc.sql(OWNERS_AFTER)
                .param("after", after).param("count", count).query(Long.class).list();
    }

    /**
     * Among users {@code (after, upTo]}, the feeds with more than {@code mark} rows or with rows left at or below
     * their floor. Per owner: one probe of the primary key at the floor, and a backward index-only read of at most
     * {@code mark + 1} entries that stops there (never a count of the feed); the newest row beyond the cap only for
     * the feeds found.
     */
    List<Over> over(long after, long upTo, int cap, int mark) {
        return jdbc.sql(OVER)
                .param("after", after).param("upTo", upTo).param("cap", cap).param("mark", mark)
                .query((rs, row) -> new Over(rs.getLong("id"), rs.getLong("feed_floor"),
                        rs.getObject("beyond") == null ? null : rs.getLong("beyond")))
                .list();
    }

    /**
     * Pages end above the floor from now on. Only ever raised: two instances trimming one feed leave the higher.
     * It commits before any row goes, so no reader sees a feed with a hole below its newest rows.
     */
    void raiseFloor(long owner, long floor) {
        jdbc.sql(RAISE_FLOOR)
                .param("owner", owner).param("floor", floor).update();
    }

    /** The oldest {@code rows} rows at or below the floor (oldest first: what stays is always the newest part). */
    int trim(long owner, long floor, int rows) {
        return jdbc.sql(TRIM)
                .param("owner", owner).param("floor", floor).param("rows", rows).update();
    }
}
