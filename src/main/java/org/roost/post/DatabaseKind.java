package org.roost.post;

import java.sql.DatabaseMetaData;

import javax.sql.DataSource;

import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;
import org.springframework.stereotype.Component;

/** Whether the database is PostgreSQL, for the statements H2 cannot run (data-modifying CTEs). */
@Component
class DatabaseKind {

    private final DataSource dataSource;
    /** Asked of the first connection used, not at start-up (which must not wait on a database that is down). */
    private volatile Boolean postgres;

    DatabaseKind(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** False when it cannot be told yet: the portable statements run on PostgreSQL too. */
    boolean postgres() {
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
