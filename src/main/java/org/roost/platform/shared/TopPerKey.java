package org.roost.platform.shared;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The first n rows of each of several keys (a batched GraphQL field), as a {@code UNION ALL} of one
 * {@code LIMIT}ed branch per key, so each branch is an index range scan of n rows whatever the table holds.
 * A window function over all keys ({@code ROW_NUMBER() OVER (PARTITION BY ...)}) ranks every row of every
 * key first, and {@code LATERAL}, the usual PostgreSQL answer, does not exist in H2; this form runs on both.
 */
public final class TopPerKey {

    /** Keeps each statement's text (and the databases' parse caches) bounded. */
    static final int KEYS_PER_STATEMENT = 50;

    private TopPerKey() {
    }

    /**
     * @param branch one key's query; {@code :key} is the key and {@code :limit} the row count. Every
     *               {@code :key} in it is renamed per branch, so it must not name other parameters
     *               starting with {@code key}.
     */
    public static <T> List<T> query(JdbcClient jdbc, String branch, Collection<Long> keys, int limit, RowMapper<T> rows) {
        List<Long> all = List.copyOf(keys);
        List<T> result = new ArrayList<>();
        for (int from = 0; from < all.size(); from += KEYS_PER_STATEMENT) {
            List<Long> chunk = all.subList(from, Math.min(all.size(), from + KEYS_PER_STATEMENT));
            String sql = String.join(" UNION ALL ", IntStream.range(0, chunk.size())
                    .mapToObj(i -> "(" + branch.replace(":key", ":key" + i) + ")").toList());
            JdbcClient.StatementSpec statement = jdbc.sql(sql).param("limit", limit);
            for (int i = 0; i < chunk.size(); i++) {
                statement = statement.param("key" + i, chunk.get(i));
            }
            result.addAll(statement.query(rows).list());
        }
        return result;
    }
}
