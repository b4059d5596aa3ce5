package org.roost.social.notification;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.shared.TopPerKey;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

@Repository
class NotificationRepository {

    /** A notification's own row; its actors are in notification_actors. */
    record Row(long id, long recipientId, NotificationKind kind, @Nullable Long postId, @Nullable Long postAuthorId,
            boolean read, Instant createdAt, Instant updatedAt, long seq) {
    }

    record Actor(long notificationId, long actorId) {
    }

    private static final String COLUMNS = "n.id, n.recipient_id, n.kind, n.post_id, p.author_id AS post_author_id, "
            + "n.is_read, n.created_at, n.updated_at, n.seq";

    private final JdbcClient jdbc;
    private final TopPerKey topPerKey;

    NotificationRepository(JdbcClient jdbc, DataSource dataSource) {
        this.jdbc = jdbc;
        this.topPerKey = new TopPerKey(jdbc, dataSource);
    }

    /**
     * The open (unread) group of this key, made if there is none. Two writers at once meet on the unique
     * (recipient_id, open_key): the second inserts nothing and reads the first's row.
     */
    long openGroup(long recipientId, NotificationKind kind, @Nullable Long postId, String openKey, Instant now) {
        jdbc.sql("INSERT INTO notifications (recipient_id, kind, post_id, open_key, is_read, seq, created_at, updated_at) "
                        + "VALUES (:recipient, :kind, :post, :key, FALSE, 0, :now, :now) ON CONFLICT DO NOTHING")
                .param("recipient", recipientId).param("kind", kind.column()).param("post", postId, Types.BIGINT)
                .param("key", openKey).param("now", Timestamps.utc(now)).update();
        return jdbc.sql("SELECT id FROM notifications WHERE recipient_id = :recipient AND open_key = :key")
                .param("recipient", recipientId).param("key", openKey).query(Long.class).single();
    }

    /** A notification of its own (replies, mentions: each is about its own post). */
    long insert(long recipientId, NotificationKind kind, long postId, Instant now) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO notifications (recipient_id, kind, post_id, is_read, seq, created_at, updated_at) "
                        + "VALUES (:recipient, :kind, :post, FALSE, 0, :now, :now)")
                .param("recipient", recipientId).param("kind", kind.column()).param("post", postId)
                .param("now", Timestamps.utc(now)).update(keys, "id");
        return keys.getKeyAs(Long.class);
    }

    /** @return whether the actor is new to the notification */
    boolean addActor(long notificationId, long actorId, Instant now) {
        return jdbc.sql("INSERT INTO notification_actors (notification_id, actor_id, created_at) "
                        + "VALUES (:notification, :actor, :now) ON CONFLICT DO NOTHING")
                .param("notification", notificationId).param("actor", actorId).param("now", Timestamps.utc(now))
                .update() > 0;
    }

    /** The notification moves to the top of its receiver's list: its place is its newest actor row. */
    void touch(long notificationId, Instant now) {
        jdbc.sql("UPDATE notifications SET seq = (SELECT MAX(a.id) FROM notification_actors a "
                        + "WHERE a.notification_id = :id), updated_at = :now WHERE id = :id")
                .param("id", notificationId).param("now", Timestamps.utc(now)).update();
    }

    /** The cause is undone (unlike, unfollow): the actor leaves the receiver's notifications of that kind. */
    void removeActor(long recipientId, NotificationKind kind, @Nullable Long postId, long actorId) {
        String post = postId == null ? "post_id IS NULL" : "post_id = :post";
        var statement = jdbc.sql("DELETE FROM notification_actors WHERE actor_id = :actor AND notification_id IN "
                        + "(SELECT id FROM notifications WHERE recipient_id = :recipient AND kind = :kind AND " + post + ")")
                .param("actor", actorId).param("recipient", recipientId).param("kind", kind.column());
        if (postId != null) {
            statement = statement.param("post", postId);
        }
        statement.update();
        jdbc.sql("DELETE FROM notifications WHERE recipient_id = :recipient AND kind = :kind AND NOT EXISTS "
                        + "(SELECT 1 FROM notification_actors a WHERE a.notification_id = notifications.id)")
                .param("recipient", recipientId).param("kind", kind.column()).update();
    }

    /** A mention taken out of a post by an edit. */
    void removeAbout(long recipientId, NotificationKind kind, long postId) {
        jdbc.sql("DELETE FROM notifications WHERE recipient_id = :recipient AND kind = :kind AND post_id = :post")
                .param("recipient", recipientId).param("kind", kind.column()).param("post", postId).update();
    }

    /**
     * A user is about to be deleted: the notifications they alone caused go (their actor rows go by the cascade,
     * which would leave those empty). Notifications to them cascade with them.
     */
    void forgetActor(long actorId) {
        jdbc.sql("DELETE FROM notifications WHERE id IN (SELECT notification_id FROM notification_actors WHERE actor_id = :actor) "
                        + "AND NOT EXISTS (SELECT 1 FROM notification_actors o WHERE o.notification_id = notifications.id "
                        + "AND o.actor_id <> :actor)")
                .param("actor", actorId).update();
    }

    /**
     * Newest activity first, keyset on seq off the (recipient_id, seq) index; the row comparison and the whole key
     * in ORDER BY keep both databases on that index, as for posts. The post's author is joined by primary key.
     */
    List<Row> page(long recipientId, @Nullable Long beforeSeq, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM (SELECT id, recipient_id, kind, post_id, is_read, created_at, updated_at, seq "
                        + "FROM notifications WHERE recipient_id = :recipient "
                        + "AND seq < :before AND (recipient_id, seq) < (:recipient, :before) "
                        + "ORDER BY recipient_id DESC, seq DESC LIMIT :limit) n LEFT JOIN posts p ON p.id = n.post_id "
                        + "ORDER BY n.seq DESC")
                .param("recipient", recipientId).param("before", beforeSeq == null ? Long.MAX_VALUE : beforeSeq)
                .param("limit", limit).query(NotificationRepository::map).list();
    }

    Optional<Row> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications n LEFT JOIN posts p ON p.id = n.post_id WHERE n.id = :id")
                .param("id", id).query(NotificationRepository::map).optional();
    }

    Map<Long, Long> counts(Collection<Long> ids) {
        Map<Long, Long> counts = new HashMap<>();
        if (ids.isEmpty()) {
            return counts;
        }
        jdbc.sql("SELECT notification_id, COUNT(*) AS n FROM notification_actors WHERE notification_id IN (:ids) "
                        + "GROUP BY notification_id")
                .param("ids", ids).query(rs -> {
                    counts.put(rs.getLong("notification_id"), rs.getLong("n"));
                });
        return counts;
    }

    /** The newest {@code perNotification} actors of each, newest first, in one statement. */
    List<Actor> newestActors(Collection<Long> ids, int perNotification) {
        String branch = "SELECT notification_id, actor_id, id FROM notification_actors WHERE notification_id = :key "
                + "ORDER BY notification_id DESC, id DESC LIMIT :limit";
        return topPerKey.query(branch, ids, perNotification,
                (rs, row) -> new Actor(rs.getLong("notification_id"), rs.getLong("actor_id")));
    }

    long unreadCount(long recipientId) {
        return jdbc.sql("SELECT COUNT(*) FROM notifications WHERE recipient_id = :recipient AND is_read = FALSE")
                .param("recipient", recipientId).query(Long.class).single();
    }

    /** Marks the receiver's notifications read (all, or those of these ids); a read group takes no more actors. */
    void markRead(long recipientId, @Nullable Collection<Long> ids) {
        if (ids != null && ids.isEmpty()) {
            return;
        }
        String only = ids == null ? "" : " AND id IN (:ids)";
        var statement = jdbc.sql("UPDATE notifications SET is_read = TRUE, open_key = NULL WHERE recipient_id = :recipient "
                + "AND is_read = FALSE" + only).param("recipient", recipientId);
        if (ids != null) {
            statement = statement.param("ids", ids);
        }
        statement.update();
    }

    private static Row map(ResultSet rs, int row) throws SQLException {
        return new Row(rs.getLong("id"), rs.getLong("recipient_id"), NotificationKind.ofColumn(rs.getString("kind")),
                rs.getObject("post_id", Long.class), rs.getObject("post_author_id", Long.class), rs.getBoolean("is_read"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant(), rs.getLong("seq"));
    }
}
