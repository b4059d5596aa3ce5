package org.roost.social.activitypub;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code activitypub_remote_followers} table: who on other servers follows a local person. */
@Repository
class RemoteFollowerRepository {

    private final JdbcClient jdbc;

    RemoteFollowerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    boolean hasActivity(String followActivityId) {
        return jdbc.sql("SELECT COUNT(*) FROM activitypub_remote_followers WHERE follow_activity_id = :activity")
                .param("activity", followActivityId).query(Long.class).single() > 0;
    }

    /**
     * Keeps {@code actor} as a follower of {@code userId} by this Follow: a new row, or the row of an earlier
     * Follow of theirs brought up to date (a server that sends Follow again, having lost our Accept, names a new id).
     */
    void follow(long userId, String actor, String inbox, @Nullable String sharedInbox, String followActivityId, Instant now) {
        int updated = jdbc.sql("UPDATE activitypub_remote_followers SET inbox = :inbox, shared_inbox = :shared,"
                        + " follow_activity_id = :activity WHERE user_id = :user AND actor_id = :actor")
                .param("inbox", inbox).param("shared", sharedInbox).param("activity", followActivityId)
                .param("user", userId).param("actor", actor).update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO activitypub_remote_followers (user_id, actor_id, inbox, shared_inbox, follow_activity_id,"
                            + " created_at) VALUES (:user, :actor, :inbox, :shared, :activity, :now) ON CONFLICT DO NOTHING")
                    .param("user", userId).param("actor", actor).param("inbox", inbox).param("shared", sharedInbox)
                    .param("activity", followActivityId).param("now", Timestamps.utc(now)).update();
        }
    }

    /** Removes the follow that {@code actor}'s Follow {@code followActivityId} made; whether there was one. */
    boolean undo(String actor, String followActivityId) {
        return jdbc.sql("DELETE FROM activitypub_remote_followers WHERE actor_id = :actor AND follow_activity_id = :activity")
                .param("actor", actor).param("activity", followActivityId).update() > 0;
    }

    /** Removes {@code actor}'s follow of {@code userId}, whichever Follow made it. */
    boolean undo(String actor, long userId) {
        return jdbc.sql("DELETE FROM activitypub_remote_followers WHERE actor_id = :actor AND user_id = :user")
                .param("actor", actor).param("user", userId).update() > 0;
    }

    long count(long userId) {
        return jdbc.sql("SELECT COUNT(*) FROM activitypub_remote_followers WHERE user_id = :user").param("user", userId)
                .query(Long.class).single();
    }

    /** Up to {@code limit} followers' rows, newest first, those with a row id below {@code beforeId}. */
    List<Row> page(long userId, long beforeId, int limit) {
        return jdbc.sql("SELECT id, actor_id FROM activitypub_remote_followers WHERE user_id = :user AND id < :before"
                        + " ORDER BY id DESC LIMIT :limit")
                .param("user", userId).param("before", beforeId).param("limit", limit)
                .query((rs, n) -> new Row(rs.getLong("id"), rs.getString("actor_id"))).list();
    }

    record Row(long id, String actorId) {
    }
}
