package org.roost.authorization.firstparty;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.UUID;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What migration V29_1 does to first-party tokens issued before it (docs/api.md, "First-party tokens"): their refresh
 * tokens are gone, their devices signed out, sessions untouched. Plain Flyway on an embedded database, no application.
 */
@Timeout(60)
class LegacyTokensMigrationTest {

    private final String url = "jdbc:h2:mem:legacy-" + UUID.randomUUID()
            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";

    private Flyway flyway(String target) {
        return Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").target(target).load();
    }

    @Test
    void endsLegacyRefreshTokensAndSignsTheirDevicesOutButNoSession() throws SQLException {
        // given a database at the last migration before V29_1, with a token sign-in and a session sign-in of one user
        MigrationVersion v29_1 = MigrationVersion.fromVersion("29.1");
        MigrationVersion before = Arrays.stream(flyway("latest").info().all()).map(MigrationInfo::getVersion)
                .filter(version -> version.compareTo(v29_1) < 0).max(MigrationVersion::compareTo).orElseThrow();
        flyway(before.getVersion()).migrate();
        try (Connection db = DriverManager.getConnection(url, "sa", "")) {
            db.createStatement().execute("INSERT INTO users (id, username, name, password_hash, created_at, updated_at) "
                    + "VALUES (7, 'legacy', 'Legacy', 'x', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
            db.createStatement().execute("INSERT INTO refresh_tokens (token_hash, family_id, user_id, issued_at, expires_at) "
                    + "VALUES ('" + "a".repeat(64) + "', 'family-1', 7, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP + INTERVAL '14' DAY)");
            db.createStatement().execute("INSERT INTO devices (id, user_id, kind, created_at, last_used_at) VALUES "
                    + "('family-1', 7, 'TOKEN', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP), "
                    + "('session-1', 7, 'SESSION', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        }

        // when
        flyway("latest").migrate();

        // then
        try (Connection db = DriverManager.getConnection(url, "sa", "")) {
            var devices = db.createStatement().executeQuery("SELECT id, signed_out_at FROM devices ORDER BY id");
            assertThat(devices.next()).isTrue();
            assertThat(devices.getString(1)).isEqualTo("family-1");
            assertThat(devices.getObject(2)).isNotNull();
            assertThat(devices.next()).isTrue();
            assertThat(devices.getString(1)).isEqualTo("session-1");
            assertThat(devices.getObject(2)).isNull();
            var tables = db.createStatement().executeQuery("SELECT table_name FROM information_schema.tables "
                    + "WHERE table_name IN ('refresh_tokens', 'rotated_refresh_tokens')");
            assertThat(tables.next()).isTrue();
            assertThat(tables.getString(1)).isEqualTo("rotated_refresh_tokens");
            assertThat(tables.next()).isFalse();
        }
    }
}
