package org.roost.social.post;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.shared.TopPerKey;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class PostRepository {

    private static final String COLUMNS = "id, author_id, title, body, created_at, updated_at, like_count";
    private static final String AUTHOR_BEFORE = "author_id = :author AND id < :before AND (author_id, id) < (:author, :before)";

    private final JdbcClient jdbc;

    PostRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<PostSummary> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id = :id").param("id", id).query(PostRepository::map).optional();
    }

    /**
     * Newest first, keyset on the id, read straight off the (author_id, id) index: the same cost on any page
     * of any author. The row comparison repeats the plain conditions on purpose: without it PostgreSQL takes
     * posts_pkey backwards for a prolific author and discards everyone else's newer posts on the way; and the
     * ORDER BY names author_id so H2 reads the index in order instead of sorting the author's whole range.
     */
    List<PostSummary> pageByAuthor(long authorId, @Nullable Long beforeId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE " + AUTHOR_BEFORE + " ORDER BY author_id DESC, id DESC LIMIT :limit")
                .param("author", authorId).param("before", beforeId == null ? Long.MAX_VALUE : beforeId)
                .param("limit", limit).query(PostRepository::map).list();
    }

    /** Everyone's posts, newest first (the public timeline), keyset on the primary key. */
    List<PostSummary> pageAll(@Nullable Long beforeId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id < :before ORDER BY id DESC LIMIT :limit")
                .param("before", beforeId == null ? Long.MAX_VALUE : beforeId).param("limit", limit)
                .query(PostRepository::map).list();
    }

    /** The newest {@code perAuthor} posts of each author (for batched GraphQL fields), grouped by author, newest first. */
    List<PostSummary> newestByAuthors(Collection<Long> authorIds, int perAuthor) {
        String branch = "SELECT " + COLUMNS + " FROM posts WHERE "
                + AUTHOR_BEFORE.replace(":author", ":key").replace(":before", Long.toString(Long.MAX_VALUE))
                + " ORDER BY author_id DESC, id DESC LIMIT :limit";
        List<PostSummary> posts = new ArrayList<>(TopPerKey.query(jdbc, branch, authorIds, perAuthor, PostRepository::map));
        posts.sort(Comparator.comparingLong(PostSummary::authorId).thenComparing(PostSummary::id, Comparator.reverseOrder()));
        return posts;
    }

    List<PostSummary> findAll(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id IN (:ids)").param("ids", ids).query(PostRepository::map).list();
    }

    void update(long id, String title, String body, Instant now) {
        jdbc.sql("UPDATE posts SET title = :title, body = :body, updated_at = :now WHERE id = :id")
                .param("id", id).param("title", title).param("body", body).param("now", Timestamps.utc(now)).update();
    }

    void delete(long id) {
        jdbc.sql("DELETE FROM posts WHERE id = :id").param("id", id).update();
    }

    static PostSummary map(ResultSet rs, int row) throws SQLException {
        return new PostSummary(rs.getLong("id"), rs.getLong("author_id"), rs.getString("title"), rs.getString("body"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant(), rs.getLong("like_count"));
    }

}
