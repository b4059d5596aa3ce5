package org.roost.platform.shared;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The first n rows of each of several keys (a batched GraphQL field), each key's rows one {@code LIMIT}ed index range
 * scan of n rows whatever the table holds. A window function over all keys ({@code ROW_NUMBER() OVER (PARTITION BY
 * ...)}) would rank every row of every key first.
 * <ul>
 * <li>On PostgreSQL: one subquery run per key of an array, {@code unnest(:keys) CROSS JOIN LATERAL (...)}. The
 * statement's text is the same for any number of keys, so the plan cache keeps one plan for it; the
 * {@code UNION ALL} below, one branch per key, was planned afresh on every call, and for 50 keys its planning took
 * longer than its execution (docs/performance.md, "Sixth round").</li>
 * <li>On H2, which has no {@code LATERAL}: a {@code UNION ALL} of one branch per key.</li>
 * </ul>
 * Each repository that batches makes its own from its {@code JdbcClient} and {@code DataSource}, so that a
 * repository still needs nothing but what every test slice and module test has.
 */
public final class TopPerKey {

    /** Keeps each {@code UNION ALL} statement's text (and H2's parse cache) bounded. */
    static final int KEYS_PER_STATEMENT = 50;

    private final JdbcClient jdbc;
    private final DatabaseKind database;

    /** Tells the database from the pool's URL, without a connection (see {@link DatabaseKind}). */
    public TopPerKey(JdbcClient jdbc, DataSource dataSource) {
        this.jdbc = jdbc;
        this.database = new DatabaseKind(dataSource);
    }

    /**
     * @param branch one key's query; {@code :key} is the key and {@code :limit} the row count (1 to 100, written into
     *               the statement). Every {@code :key} in it is replaced, so it must not name other parameters
     *               starting with {@code key}.
     */
    public <T> List<T> query(String branch, Collection<Long> keys, int limit, RowMapper<T> rows) {
        if (keys.isEmpty()) {
            return new ArrayList<>();
        }
        // The count is written into the statement, not bound: PostgreSQL's plan cache cannot cost a plan whose LIMIT is a
        // parameter, and planned such a statement afresh on every call (docs/performance.md, "Sixth round").
        String counted = branch.replace(":limit", Integer.toString(limit));
        if (database.postgres()) {
            return jdbc.sql("SELECT t.* FROM unnest(:keys) AS top_keys (top_key) CROSS JOIN LATERAL ("
                    + counted.replace(":key", "top_keys.top_key") + ") t")
                    .param("keys", new SqlArrayValue("bigint", keys.toArray())).query(rows).list();
        }
        List<Long> all = List.copyOf(keys);
        List<T> result = new ArrayList<>();
        for (int from = 0; from < all.size(); from += KEYS_PER_STATEMENT) {
            List<Long> chunk = all.subList(from, Math.min(all.size(), from + KEYS_PER_STATEMENT));
            String sql = String.join(" UNION ALL ", IntStream.range(0, chunk.size())
                    .mapToObj(i -> "(" + counted.replace(":key", ":key" + i) + ")").toList());
            JdbcClient.StatementSpec statement = jdbc.sql(sql);
            for (int i = 0; i < chunk.size(); i++) {
                statement = statement.param("key" + i, chunk.get(i));
            }
            result.addAll(statement.query(rows).list());
        }
        return result;
    }
}
