package org.roost.post;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

@Repository
class PostRepository {

    private static final String COLUMNS = "id, author_id, title, body, created_at, updated_at";

    private final JdbcClient jdbc;

    PostRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long insert(long authorId, String title, String body, Instant now) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) VALUES (:author, :title, :body, :now, :now)")
                .param("author", authorId).param("title", title).param("body", body).param("now", Timestamps.utc(now))
                .update(keys, "id");
        return keys.getKeyAs(Long.class);
    }

    Optional<PostSummary> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id = :id").param("id", id).query(PostRepository::map).optional();
    }

    /** Newest first, keyset on the id: the (author_id, id) index serves every page at the same cost. */
    List<PostSummary> pageByAuthor(long authorId, @Nullable Long beforeId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE author_id = :author AND id < :before ORDER BY id DESC LIMIT :limit")
                .param("author", authorId).param("before", beforeId == null ? Long.MAX_VALUE : beforeId)
                .param("limit", limit).query(PostRepository::map).list();
    }

    /** The newest {@code perAuthor} posts of each author, in one statement (for batched GraphQL fields). */
    List<PostSummary> newestByAuthors(Collection<Long> authorIds, int perAuthor) {
        if (authorIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT " + COLUMNS + " FROM (SELECT p.*, ROW_NUMBER() OVER (PARTITION BY author_id ORDER BY id DESC) AS rn "
                        + "FROM posts p WHERE author_id IN (:authors)) ranked WHERE rn <= :per ORDER BY author_id, id DESC")
                .param("authors", authorIds).param("per", perAuthor).query(PostRepository::map).list();
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
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }

}
