package org.roost.social.like;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.shared.TopPerKey;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class LikeRepository {

    record Like(long postId, long userId) {
    }

    private final JdbcClient jdbc;
    private final TopPerKey topPerKey;

    LikeRepository(JdbcClient jdbc, DataSource dataSource) {
        this.jdbc = jdbc;
        this.topPerKey = new TopPerKey(jdbc, dataSource);
    }

    /** @return whether the like is new; repeating it changes nothing (and leaves the count alone) */
    boolean insert(long postId, long userId, Instant now) {
        return jdbc.sql("INSERT INTO likes (post_id, user_id, created_at) VALUES (:post, :user, :now) ON CONFLICT DO NOTHING")
                .param("post", postId).param("user", userId).param("now", Timestamps.utc(now)).update() > 0;
    }

    /** @return whether there was a like to take back */
    boolean delete(long postId, long userId) {
        return jdbc.sql("DELETE FROM likes WHERE post_id = :post AND user_id = :user")
                .param("post", postId).param("user", userId).update() > 0;
    }

    /** The post's counter, in the like's transaction: the row lock makes likes at once count one each. */
    void count(long postId, int delta) {
        jdbc.sql("UPDATE posts SET like_count = like_count + :delta WHERE id = :post")
                .param("post", postId).param("delta", delta).update();
    }

    /**
     * A user is about to be deleted (their likes go with them by the cascade): each post they liked loses one.
     * Proportional to the departing user's likes, on the (user_id, post_id) index.
     */
    void forget(long userId) {
        jdbc.sql("UPDATE posts SET like_count = like_count - 1 WHERE id IN (SELECT post_id FROM likes WHERE user_id = :id)")
                .param("id", userId).update();
    }

    /**
     * The likers of a post in user id order, keyset on the primary key (post_id, user_id); the redundant row
     * comparison and the whole key in ORDER BY keep both databases on that index, as for the followers.
     */
    List<Long> likers(long postId, @Nullable Long afterId, int limit) {
        return jdbc.sql("SELECT user_id FROM likes WHERE post_id = :post AND user_id > :after "
                        + "AND (post_id, user_id) > (:post, :after) ORDER BY post_id, user_id LIMIT :limit")
                .param("post", postId).param("after", afterId == null ? 0L : afterId).param("limit", limit)
                .query(Long.class).list();
    }

    /** The first {@code perPost} likers of each post, in one statement (for the batched GraphQL field). */
    List<Like> likersOf(Collection<Long> postIds, int perPost) {
        String branch = "SELECT post_id, user_id FROM likes WHERE post_id = :key AND user_id > 0 "
                + "AND (post_id, user_id) > (:key, 0) ORDER BY post_id, user_id LIMIT :limit";
        List<Like> likes = new ArrayList<>(topPerKey.query(branch, postIds, perPost,
                (rs, row) -> new Like(rs.getLong("post_id"), rs.getLong("user_id"))));
        likes.sort(Comparator.comparingLong(Like::postId).thenComparingLong(Like::userId));
        return likes;
    }

    /** Which of these posts the user liked, on the (user_id, post_id) index. */
    List<Long> likedAmong(long userId, Collection<Long> postIds) {
        if (postIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT post_id FROM likes WHERE user_id = :user AND post_id IN (:ids)")
                .param("user", userId).param("ids", postIds).query(Long.class).list();
    }
}
