package org.roost.support;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Users written by SQL for the query-plan tests, as an import would write them: {@code count} users named
 * {@code <prefix><n>_<tag>} (a tag of this call's own, so that tests sharing a schema never collide), ids in order.
 */
public final class GeneratedUsers {

    private GeneratedUsers() {
    }

    public static List<Long> insert(JdbcClient jdbc, String prefix, int count) {
        String tag = Long.toString(System.nanoTime(), 36);
        jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) SELECT :prefix || g || '_' || :tag, "
                + ":prefix || ' ' || g, 'x', now(), now() FROM generate_series(1, :count) g")
                .param("prefix", prefix).param("tag", tag).param("count", count).update();
        return jdbc.sql("SELECT id FROM users WHERE username LIKE :prefix || '%\\_' || :tag ORDER BY id")
                .param("prefix", prefix).param("tag", tag).query(Long.class).list();
    }
}
