package org.roost.post;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The home timelines table. It reads {@code follows} directly (rather than asking the follow feature for
 * ids) so that fanning a post out to a million followers stays one INSERT ... SELECT inside the database.
 */
@Repository
class FeedRepository {

    /**
     * Newest first from the cursor: one backward range scan of the (owner_id, post_id) primary key, stopped at the
     * limit before the posts are joined by primary key (joined first, PostgreSQL may merge-join along the whole
     * posts index for a reader whose feed is sparse).
     */
    static final String PAGE = "SELECT p.id, p.author_id, p.title, p.body, p.created_at, p.updated_at "
            + "FROM (SELECT post_id FROM feed_entries WHERE owner_id = :owner AND post_id < :before "
            + "ORDER BY post_id DESC LIMIT :limit) f JOIN posts p ON p.id = f.post_id ORDER BY f.post_id DESC";

    private final JdbcClient jdbc;

    FeedRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<PostSummary> page(long ownerId, @Nullable Long beforeId, int limit) {
        return jdbc.sql(PAGE)
                .param("owner", ownerId).param("before", beforeId == null ? Long.MAX_VALUE : beforeId)
                .param("limit", limit).query(PostRepository::map).list();
    }

    /** The new post in its author's feed and in each follower's. */
    void fanOut(long postId, long authorId) {
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT :author, :post, :author "
                        + "UNION ALL SELECT follower_id, :post, :author FROM follows WHERE user_id = :author")
                .param("post", postId).param("author", authorId).update();
    }

    /** A new follow brings the followed user's posts into the follower's feed. */
    void copyPosts(long authorId, long ownerId) {
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT :owner, p.id, p.author_id FROM posts p "
                        + "WHERE p.author_id = :author AND NOT EXISTS (SELECT 1 FROM feed_entries e "
                        + "WHERE e.owner_id = :owner AND e.post_id = p.id)")
                .param("owner", ownerId).param("author", authorId).update();
    }

    void removePosts(long authorId, long ownerId) {
        jdbc.sql("DELETE FROM feed_entries WHERE owner_id = :owner AND author_id = :author")
                .param("owner", ownerId).param("author", authorId).update();
    }

    void removePost(long authorId, long postId) {
        jdbc.sql("DELETE FROM feed_entries WHERE author_id = :author AND post_id = :post")
                .param("author", authorId).param("post", postId).update();
    }

    boolean contains(long ownerId, long postId) {
        return jdbc.sql("SELECT COUNT(*) FROM feed_entries WHERE owner_id = :owner AND post_id = :post")
                .param("owner", ownerId).param("post", postId).query(Long.class).single() > 0;
    }
}
