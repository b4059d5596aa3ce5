package org.roost.follow;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.roost.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class FollowRepository {

    record Edge(long userId, long followerId) {
    }

    private final JdbcClient jdbc;

    FollowRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** @return whether the follow is new; repeating it changes nothing */
    boolean insert(long userId, long followerId, Instant now) {
        boolean exists = jdbc.sql("SELECT COUNT(*) FROM follows WHERE user_id = :user AND follower_id = :follower")
                .param("user", userId).param("follower", followerId).query(Long.class).single() > 0;
        if (exists) {
            return false;
        }
        try {
            jdbc.sql("INSERT INTO follows (user_id, follower_id, created_at) VALUES (:user, :follower, :now)")
                    .param("user", userId).param("follower", followerId)
                    .param("now", Timestamps.utc(now)).update();
            return true;
        }
        catch (org.springframework.dao.DuplicateKeyException raced) {
            return false;
        }
    }

    /** @return whether there was a follow to end */
    boolean delete(long userId, long followerId) {
        return jdbc.sql("DELETE FROM follows WHERE user_id = :user AND follower_id = :follower")
                .param("user", userId).param("follower", followerId).update() > 0;
    }

    /** Follower ids of a user in id order, keyset on the primary key (user_id, follower_id). */
    List<Long> followers(long userId, @Nullable Long afterId, int limit) {
        return jdbc.sql("SELECT follower_id FROM follows WHERE user_id = :user AND follower_id > :after "
                        + "ORDER BY follower_id LIMIT :limit")
                .param("user", userId).param("after", afterId == null ? 0L : afterId).param("limit", limit)
                .query(Long.class).list();
    }

    /** Ids of the users someone follows, keyset on the (follower_id, user_id) index. */
    List<Long> following(long followerId, @Nullable Long afterId, int limit) {
        return jdbc.sql("SELECT user_id FROM follows WHERE follower_id = :follower AND user_id > :after "
                        + "ORDER BY user_id LIMIT :limit")
                .param("follower", followerId).param("after", afterId == null ? 0L : afterId).param("limit", limit)
                .query(Long.class).list();
    }

    /** The first {@code perUser} followers of each user, in one statement (for batched GraphQL fields). */
    List<Edge> followersOf(Collection<Long> userIds, int perUser) {
        return edges("user_id", "follower_id", userIds, perUser);
    }

    List<Edge> followingOf(Collection<Long> followerIds, int perUser) {
        return edges("follower_id", "user_id", followerIds, perUser);
    }

    Map<Long, Long> followerCounts(Collection<Long> userIds) {
        return counts("user_id", userIds);
    }

    Map<Long, Long> followingCounts(Collection<Long> followerIds) {
        return counts("follower_id", followerIds);
    }

    /** Which of these users the follower follows. */
    List<Long> followedAmong(long followerId, Collection<Long> userIds) {
        if (userIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT user_id FROM follows WHERE follower_id = :follower AND user_id IN (:ids)")
                .param("follower", followerId).param("ids", userIds).query(Long.class).list();
    }

    private Map<Long, Long> counts(String column, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        return jdbc.sql("SELECT " + column + " AS k, COUNT(*) AS n FROM follows WHERE " + column + " IN (:ids) GROUP BY " + column)
                .param("ids", ids).query((rs, row) -> Map.entry(rs.getLong("k"), rs.getLong("n"))).list()
                .stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private List<Edge> edges(String by, String other, Collection<Long> ids, int perKey) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT user_id, follower_id FROM (SELECT f.user_id, f.follower_id, ROW_NUMBER() OVER "
                        + "(PARTITION BY f." + by + " ORDER BY f." + other + ") AS rn FROM follows f WHERE f." + by
                        + " IN (:ids)) ranked WHERE rn <= :per ORDER BY " + by + ", " + other)
                .param("ids", ids).param("per", perKey)
                .query((rs, row) -> new Edge(rs.getLong("user_id"), rs.getLong("follower_id"))).list();
    }
}
