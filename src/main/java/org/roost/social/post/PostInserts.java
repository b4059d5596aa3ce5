package org.roost.social.post;

import java.sql.Types;
import java.time.Instant;

import javax.sql.DataSource;

import org.roost.platform.shared.DatabaseKind;
import org.roost.platform.shared.Timestamps;
import org.roost.social.post.settings.TimelineSettings;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes a new post and its feed rows. On PostgreSQL that is one statement (a data-modifying CTE) sent in
 * autocommit: one round trip instead of four (BEGIN with the insert, the fan-out, COMMIT). H2 has no such CTE: there
 * it is the insert and the fan-out in one transaction. Either way the rows are the author's own and, for an ordinary
 * author, one per follower: at most the big-account threshold, counted from the follows themselves (a bounded read),
 * not from the follower counter, which rows imported by SQL leave stale. An author found past it turns big in the
 * same statement and their followers merge their posts at read time, so the request never grows with a big
 * account's followers, whatever the counters say.
 */
@Component
class PostInserts {

    private static final String INSERT = "INSERT INTO posts (author_id, title, body, created_at, updated_at, in_reply_to, mentions) "
            + "VALUES (:author, :title, :body, :now, :now, CAST(:parent AS BIGINT), CAST(:mentions AS VARCHAR(1100)))";
    /** A reply raises its parent's counter in the same statement or transaction (nothing, for a post that answers none). */
    private static final String COUNT_REPLY = "UPDATE posts SET reply_count = reply_count + 1 WHERE id = CAST(:parent AS BIGINT)";

    /** The post, its feed rows, the author turned big if found past the threshold, and a reply's count: one statement. */
    static final String ON_POSTGRES = "WITH p AS (" + INSERT + " RETURNING id), "
            + "f AS (INSERT INTO feed_entries (owner_id, post_id, author_id) "
            + FeedRepository.FAN_OUT_ROWS.replace("CAST(:post AS BIGINT)", "(SELECT id FROM p)") + "), "
            + "m AS (" + FeedRepository.PULL_IF_FOLLOWED_PAST_THRESHOLD + " RETURNING id), "
            + "r AS (" + COUNT_REPLY + " RETURNING id) "
            + "SELECT id FROM p";

    private final JdbcClient jdbc;
    private final DatabaseKind database;
    private final FeedRepository feed;
    private final TransactionTemplate transaction;
    private final TimelineSettings settings;

    PostInserts(JdbcClient jdbc, DataSource dataSource, FeedRepository feed, TransactionTemplate transaction,
            TimelineSettings settings) {
        this.settings = settings;
        this.jdbc = jdbc;
        this.database = new DatabaseKind(dataSource);
        this.feed = feed;
        this.transaction = transaction;
    }

    /** @return the new post's id */
    long insert(long authorId, String title, String body, @Nullable Long inReplyTo, @Nullable String mentions, Instant now) {
        if (database.postgres()) {
            return jdbc.sql(ON_POSTGRES)
                    .param("author", authorId).param("title", title).param("body", body)
                    .param("parent", inReplyTo, Types.BIGINT).param("mentions", mentions, Types.VARCHAR)
                    .param("now", Timestamps.utc(now)).param("threshold", settings.current().bigAccountThreshold())
                    .query(Long.class).single();
        }
        Long id = transaction.execute(status -> {
            GeneratedKeyHolder keys = new GeneratedKeyHolder();
            jdbc.sql(INSERT).param("author", authorId).param("title", title).param("body", body)
                    .param("parent", inReplyTo, Types.BIGINT).param("mentions", mentions, Types.VARCHAR)
                    .param("now", Timestamps.utc(now)).update(keys, "id");
            if (inReplyTo != null) {
                jdbc.sql(COUNT_REPLY).param("parent", inReplyTo, Types.BIGINT).update();
            }
            long created = keys.getKeyAs(Long.class);
            feed.fanOut(created, authorId, settings.current().bigAccountThreshold());
            return created;
        });
        return id;
    }
}
