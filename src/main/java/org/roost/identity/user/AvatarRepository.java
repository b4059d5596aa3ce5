package org.roost.identity.user;

import java.time.Instant;
import java.util.Optional;

import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class AvatarRepository {

    record Avatar(ImageType type, byte[] content) {
    }

    private final JdbcClient jdbc;

    AvatarRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void save(long userId, ImageType type, byte[] content, Instant now) {
        jdbc.sql("DELETE FROM avatars WHERE user_id = :id").param("id", userId).update();
        jdbc.sql("INSERT INTO avatars (user_id, content_type, content, updated_at) VALUES (:id, :type, :content, :now)")
                .param("id", userId).param("type", type.mediaType()).param("content", content)
                .param("now", Timestamps.utc(now)).update();
    }

    Optional<Avatar> find(long userId) {
        return jdbc.sql("SELECT content_type, content FROM avatars WHERE user_id = :id").param("id", userId)
                .query((rs, row) -> new Avatar(ImageType.ofMediaType(rs.getString("content_type")).orElseThrow(),
                        rs.getBytes("content")))
                .optional();
    }

    boolean delete(long userId) {
        return jdbc.sql("DELETE FROM avatars WHERE user_id = :id").param("id", userId).update() > 0;
    }
}
