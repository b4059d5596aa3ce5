package org.roost.identity.user;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

@Repository
class UserRepository {

    private static final RowMapper<UserSummary> SUMMARY = (rs, row) -> UserRows.map(rs);

    private final JdbcClient jdbc;

    UserRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long count() {
        return jdbc.sql("SELECT COUNT(*) FROM users").query(Long.class).single();
    }

    long insert(String username, String name, String passwordHash, @Nullable String email, Instant now) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO users (username, name, password_hash, email, created_at, updated_at) "
                        + "VALUES (:username, :name, :hash, :email, :now, :now)")
                .param("username", username).param("name", name).param("hash", passwordHash)
                .param("email", email, java.sql.Types.VARCHAR).param("now", Timestamps.utc(now))
                .update(keys, "id");
        return keys.getKeyAs(Long.class);
    }

    Optional<UserSummary> find(long id) {
        return jdbc.sql(UserRows.select("id = :id")).param("id", id).query(SUMMARY).optional();
    }

    Optional<UserSummary> findByUsername(String username) {
        return jdbc.sql(UserRows.select("username = :username")).param("username", username)
                .query(SUMMARY).optional();
    }

    List<UserSummary> findAllByUsername(Collection<String> usernames) {
        if (usernames.isEmpty()) {
            return List.of();
        }
        return jdbc.sql(UserRows.select("username IN (:names)")).param("names", usernames).query(SUMMARY).list();
    }

    boolean exists(long id) {
        return jdbc.sql("SELECT COUNT(*) FROM users WHERE id = :id").param("id", id).query(Long.class).single() > 0;
    }

    /** @param passwordHash null for an account made by signing in with another provider, until a password is set */
    record Credentials(long id, @Nullable String passwordHash) {
    }

    Optional<Credentials> findCredentials(String username) {
        return jdbc.sql("SELECT id, password_hash FROM users WHERE username = :username").param("username", username)
                .query((rs, row) -> new Credentials(rs.getLong("id"), rs.getString("password_hash"))).optional();
    }

    /** Empty for an unknown user and for one without a password. */
    Optional<String> findPasswordHash(long id) {
        return jdbc.sql("SELECT password_hash FROM users WHERE id = :id").param("id", id).query(String.class).list()
                .stream().filter(java.util.Objects::nonNull).findFirst();
    }

    /** An account without a password whose address is proven already (signed up with another provider). */
    long insertVerified(String username, String name, String email, Instant now) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO users (username, name, email, verified_email, created_at, updated_at) "
                        + "VALUES (:username, :name, :email, :verified, :now, :now)")
                .param("username", username).param("name", name).param("email", email)
                .param("verified", email.toLowerCase(java.util.Locale.ROOT)).param("now", Timestamps.utc(now))
                .update(keys, "id");
        return keys.getKeyAs(Long.class);
    }

    boolean hasPassword(long id) {
        return jdbc.sql("SELECT COUNT(*) FROM users WHERE id = :id AND password_hash IS NOT NULL").param("id", id)
                .query(Long.class).single() > 0;
    }

    /** Whether some account gave this address (any case) without proving it. */
    boolean hasUnverifiedEmail(String email) {
        return jdbc.sql("SELECT COUNT(*) FROM users WHERE LOWER(email) = :email AND verified_email IS NULL")
                .param("email", email.strip().toLowerCase(java.util.Locale.ROOT)).query(Long.class).single() > 0;
    }

    /**
     * Keyset page in id order: the primary key index serves any depth at the same cost. The limit is written into the
     * statement: with a bound one PostgreSQL's plan cache planned it afresh on every call (docs/performance.md,
     * "Sixth round").
     */
    List<UserSummary> page(@Nullable Long afterId, int limit) {
        return jdbc.sql(UserRows.select("id > :after ORDER BY id LIMIT " + limit) + " ORDER BY u.id")
                .param("after", afterId == null ? 0L : afterId).query(SUMMARY).list();
    }

    /**
     * Keyset page of the users whose username or name contains the text, ignoring case, in id order. On PostgreSQL
     * trigram indexes on both lowered columns serve the two conditions (see the migration); the text is matched
     * literally: '%', '_' and the escape character are escaped.
     */
    List<UserSummary> search(String text, @Nullable Long afterId, int limit) {
        String pattern = "%" + text.toLowerCase(java.util.Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%")
                .replace("_", "\\_") + "%";
        return jdbc.sql(UserRows.select("(LOWER(username) LIKE :pattern ESCAPE '\\' OR LOWER(name) LIKE :pattern ESCAPE '\\') "
                        + "AND id > :after ORDER BY id LIMIT :limit") + " ORDER BY u.id")
                .param("pattern", pattern).param("after", afterId == null ? 0L : afterId).param("limit", limit)
                .query(SUMMARY).list();
    }

    List<UserSummary> findAll(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.sql(UserRows.select("id IN (:ids)")).param("ids", ids).query(SUMMARY).list();
    }

    void update(long id, String name, @Nullable String passwordHash, Instant now) {
        jdbc.sql("UPDATE users SET name = :name, password_hash = COALESCE(:hash, password_hash), updated_at = :now "
                        + "WHERE id = :id")
                .param("id", id).param("name", name).param("hash", passwordHash, java.sql.Types.VARCHAR)
                .param("now", Timestamps.utc(now)).update();
    }

    /** @param bio the new text, or null for none */
    void updateBio(long id, @Nullable String bio, Instant now) {
        jdbc.sql("UPDATE users SET bio = :bio, updated_at = :now WHERE id = :id")
                .param("id", id).param("bio", bio, java.sql.Types.VARCHAR).param("now", Timestamps.utc(now)).update();
    }

    /** The user and their address in one statement: their own profile, which only they read with the address. */
    Optional<UserWithEmail> findWithEmail(long id) {
        return jdbc.sql("SELECT w.*, e.email, e.verified_email FROM (" + UserRows.select("id = :id")
                        + ") w JOIN users e ON e.id = w.id").param("id", id)
                .query((rs, row) -> new UserWithEmail(UserRows.map(rs),
                        ContactEmail.of(rs.getString("email"), rs.getString("verified_email"))))
                .optional();
    }

    Optional<ContactEmail> findEmail(long id) {
        return jdbc.sql("SELECT email, verified_email FROM users WHERE id = :id").param("id", id)
                .query((rs, row) -> ContactEmail.of(rs.getString("email"), rs.getString("verified_email"))).optional();
    }

    /** Sets the address and forgets any proof of the previous one. */
    void updateEmail(long id, @Nullable String email, Instant now) {
        jdbc.sql("UPDATE users SET email = :email, verified_email = NULL, updated_at = :now WHERE id = :id")
                .param("id", id).param("email", email, java.sql.Types.VARCHAR).param("now", Timestamps.utc(now)).update();
    }

    /** Marks the address proven if it is still the user's; false when it has changed since. */
    boolean markEmailVerified(long id, String email, Instant now) {
        return jdbc.sql("UPDATE users SET verified_email = :verified, updated_at = :now WHERE id = :id AND email = :email")
                .param("id", id).param("email", email).param("verified", email.toLowerCase(java.util.Locale.ROOT))
                .param("now", Timestamps.utc(now)).update() > 0;
    }

    Optional<Long> findIdByVerifiedEmail(String email) {
        return jdbc.sql("SELECT id FROM users WHERE verified_email = :email")
                .param("email", email.strip().toLowerCase(java.util.Locale.ROOT)).query(Long.class).optional();
    }

    boolean delete(long id) {
        return jdbc.sql("DELETE FROM users WHERE id = :id").param("id", id).update() > 0;
    }
}
