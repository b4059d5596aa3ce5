package org.roost.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.proxy.ParameterSetOperation;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A PostgreSQL schema of its own ({@code <ROOST_TEST_SCHEMA>_plans}) holding a realistically large data set,
 * generated once per test run and ANALYZEd, so the planner sees what production would. Statements run
 * through {@link #dataSource()} are recorded with their parameters, and {@link #problems()} EXPLAINs each:
 * a paged or batched statement must read only the rows it returns, whatever the tables hold.
 */
public final class QueryPlans {

    /** One author with {@value} posts, then 100 authors with 10 each whose posts are newer. */
    public static final long PROLIFIC_AUTHOR = 1;
    public static final int PROLIFIC_POSTS = 200_000;
    /** User 1 has 100,000 followers (2..100001); user 2 has 1,000; user 5 follows users 1 and 2. */
    public static final long POPULAR_USER = 1;
    public static final long FOLLOWING_USER = 5;
    public static final long LAST_USER = 100_001;

    // Within the run's schema name (IsolatedTestRun): concurrent runs must not share it, and the run drops it.
    private static final String SCHEMA = System.getProperty("roost.test.schema",
            System.getenv().getOrDefault("ROOST_TEST_SCHEMA", "roost_test")) + "_plans";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static QueryPlans shared;

    private record Recorded(String sql, List<Object> parameters) {
    }

    private final DataSource plain;
    private final DataSource recording;
    private final List<Recorded> recorded = new CopyOnWriteArrayList<>();

    private QueryPlans(DataSource plain) {
        this.plain = plain;
        this.recording = ProxyDataSourceBuilder.create(plain).name("plans").afterQuery((info, queries) -> queries
                .forEach(query -> query.getParametersList().forEach(parameters -> recorded.add(new Recorded(query.getQuery(),
                        parameters.stream().sorted(Comparator.comparingInt(p -> (Integer) p.getArgs()[0]))
                                .map(QueryPlans::value).toList()))))).build();
    }

    public static synchronized QueryPlans shared() throws SQLException {
        if (shared == null) {
            String url = "jdbc:postgresql://%s:%s/%s?currentSchema=%s".formatted(env("ROOST_TEST_PG_HOST", "127.0.0.1"),
                    env("ROOST_TEST_PG_PORT", "5432"), env("ROOST_TEST_PG_DB", "test"), SCHEMA);
            DataSource dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(), url, env("ROOST_TEST_PG_USER", "postgres"), "");
            Flyway flyway = Flyway.configure().dataSource(dataSource).schemas(SCHEMA).createSchemas(true)
                    .cleanDisabled(false).locations("classpath:db/migration", "classpath:db/vendor/postgresql").load();
            flyway.clean();
            flyway.migrate();
            generate(dataSource);
            shared = new QueryPlans(dataSource);
        }
        shared.recorded.clear();
        return shared;
    }

    public DataSource dataSource() {
        return recording;
    }

    public int statements() {
        return recorded.size();
    }

    /** Each recorded statement's plan problems, e.g. "Seq Scan on posts in: SELECT ...". */
    public List<String> problems() throws SQLException {
        List<String> problems = new ArrayList<>();
        try (Connection connection = plain.getConnection()) {
            for (Recorded statement : recorded) {
                try (PreparedStatement explain = connection.prepareStatement("EXPLAIN (FORMAT JSON) " + statement.sql())) {
                    for (int i = 0; i < statement.parameters().size(); i++) {
                        Object value = statement.parameters().get(i);
                        explain.setObject(i + 1, value instanceof ArrayParameter array
                                ? connection.createArrayOf(array.type(), array.elements()) : value);
                    }
                    try (ResultSet plan = explain.executeQuery()) {
                        plan.next();
                        inspect(JSON.readTree(plan.getString(1)).get(0).get("Plan"), statement.sql(), problems);
                    }
                }
            }
        }
        return problems;
    }

    /** A sequential scan, a sort of more rows than any page holds, or an index scan that throws rows away. */
    private static void inspect(JsonNode node, String sql, List<String> problems) {
        String type = node.get("Node Type").asString();
        String relation = node.has("Relation Name") ? " on " + node.get("Relation Name").asString() : "";
        if (type.equals("Seq Scan")) {
            problems.add("Seq Scan" + relation + " in: " + sql);
        }
        if (type.contains("Sort") && node.get("Plan Rows").asLong() > 1_000) {
            problems.add(type + " of " + node.get("Plan Rows").asLong() + " rows in: " + sql);
        }
        if (type.contains("Index") && node.has("Filter")) {
            problems.add(type + relation + " filtering rows (" + node.get("Filter").asString() + ") in: " + sql);
        }
        if (node.has("Plans")) {
            node.get("Plans").forEach(child -> inspect(child, sql, problems));
        }
    }

    private static void generate(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("INSERT INTO users (id, username, name, password_hash, created_at, updated_at) "
                    + "SELECT g, 'user' || g, 'User ' || g, 'x', now(), now() FROM generate_series(1, " + LAST_USER + ") g");
            sql.execute("INSERT INTO posts (author_id, title, body, created_at, updated_at) SELECT " + PROLIFIC_AUTHOR
                    + ", 'Post ' || g, 'Body', now(), now() FROM generate_series(1, " + PROLIFIC_POSTS + ") g");
            sql.execute("INSERT INTO posts (author_id, title, body, created_at, updated_at) "
                    + "SELECT 2 + g % 100, 'Post ' || g, 'Body', now(), now() FROM generate_series(1, 1000) g");
            sql.execute("INSERT INTO follows (user_id, follower_id, created_at) SELECT " + POPULAR_USER
                    + ", g, now() FROM generate_series(2, " + LAST_USER + ") g");
            sql.execute("INSERT INTO follows (user_id, follower_id, created_at) SELECT 2, g, now() FROM generate_series(3, 1002) g");
            // one user in ten has an avatar (a small image: the plans read whether one exists, not its bytes)
            sql.execute("INSERT INTO avatars (user_id, content_type, content, updated_at) "
                    + "SELECT g, 'image/png', '\\x89504e47'::bytea, now() FROM generate_series(1, " + LAST_USER + ", 10) g");
            sql.execute("VACUUM ANALYZE users");
            sql.execute("VACUUM ANALYZE avatars");
            sql.execute("VACUUM ANALYZE posts");
            sql.execute("VACUUM ANALYZE follows");
        }
    }

    /** The value as set; an array's elements, read now: the statement's owner frees the array once it has run. */
    private static Object value(ParameterSetOperation operation) {
        Object value = operation.getArgs()[1];
        if (value instanceof java.sql.Array array) {
            try {
                return new ArrayParameter(array.getBaseTypeName(), (Object[]) array.getArray());
            }
            catch (SQLException unreadable) {
                throw new IllegalStateException(unreadable);
            }
        }
        return value;
    }

    private record ArrayParameter(String type, Object[] elements) {
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
