package org.roost.platform.shared;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

/**
 * Whether the database is PostgreSQL, for the statements H2 cannot run (data-modifying CTEs, {@code LATERAL}) and the
 * PostgreSQL forms that plan cheaper there ({@link TopPerKey}). Made by each repository that needs it from its
 * {@code DataSource}, not a bean, so that a repository needs nothing a test slice or a module test lacks.
 */
public final class DatabaseKind {

    private final DataSource dataSource;
    /**
     * Told from the pool's JDBC URL at start-up, without a connection (start-up must not wait on a database that is
     * down, and a request must not pay for asking one that hangs); from the first connection otherwise.
     */
    private volatile @Nullable Boolean postgres;

    public DatabaseKind(DataSource dataSource) {
        this.dataSource = dataSource;
        this.postgres = fromUrl(dataSource);
    }

    private static @Nullable Boolean fromUrl(DataSource dataSource) {
        try {
            if (dataSource.isWrapperFor(HikariDataSource.class)) {
                String url = dataSource.unwrap(HikariDataSource.class).getJdbcUrl();
                return url == null ? null : DatabaseDriver.fromJdbcUrl(url) == DatabaseDriver.POSTGRESQL;
            }
        }
        catch (SQLException | RuntimeException notHikari) {
            // asked of the first connection instead
        }
        return null;
    }

    /** False when it cannot be told yet: the portable statements run on PostgreSQL too. */
    public boolean postgres() {
        Boolean known = postgres;
        if (known == null) {
            try {
                known = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName)
                        .startsWith("PostgreSQL");
            }
            catch (MetaDataAccessException unknown) {
                return false;
            }
            postgres = known;
        }
        return known;
    }
}
