package org.roost.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import org.roost.RoostApplication;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Whole service instances on the test PostgreSQL and Redis, started the way a deployment runs
 * them: several at once, sharing the database and Redis, behind one issuer.
 */
public final class Instances {

    /** Instances behind one load balancer share an issuer; without one each would name its own port. */
    public static final String ISSUER = "http://roost.test";

    private Instances() {
    }

    /** One instance on the test schema (migrated, not cleaned). */
    public static ConfigurableApplicationContext start(String... args) {
        // Arguments, not default properties: application.yml would otherwise win over them.
        String[] all = Stream.concat(Stream.of("--server.port=0",
                "--spring.security.oauth2.authorizationserver.issuer=" + ISSUER, "--spring.jmx.enabled=false",
                // A few connections each: several instances share one PostgreSQL (and CI machines).
                "--spring.datasource.hikari.maximum-pool-size=4"),
                Stream.of(args)).toArray(String[]::new);
        return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "postgres", "redis").run(all);
    }

    /**
     * Two instances on the test schema that the whole run shares (docs/testing.md, "Shared configurations"): started
     * together on first use and ended with the JVM (Spring Boot's shutdown hook). For tests of what one instance
     * tells another (revocations, sessions, idempotency keys, throttles, live events) that need nothing but two
     * instances: each test uses users of its own, and never stops them. A test that needs instances set up
     * otherwise (arguments, an empty schema, a restart) starts its own with {@link #start}.
     */
    public static synchronized List<ConfigurableApplicationContext> pair() {
        if (pair == null) {
            pair = startTogether(2);
        }
        return pair;
    }

    private static @Nullable List<ConfigurableApplicationContext> pair;

    /** Several instances started at the same moment, each on its own thread. */
    public static List<ConfigurableApplicationContext> startTogether(int count, String... args) {
        // Launches are 300 ms apart: Spring Boot initialises the JVM-wide logging system in the first milliseconds of a
        // start and races with itself ("Unable to find Spring Environment in logger context"); the key creation these
        // tests race happens seconds later, while both instances are still starting.
        List<CompletableFuture<ConfigurableApplicationContext>> starting = java.util.stream.IntStream.range(0, count)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> {
                    sleep(300L * i);
                    return start(args);
                }, Thread::startVirtualThread)).toList();
        return starting.stream().map(CompletableFuture::join).toList();
    }

    /** Arguments that put an instance on a schema of its own, emptied first: a brand-new database. */
    public static String[] onEmptySchema(String suffix) throws SQLException {
        // Within the run's schema name (IsolatedTestRun): concurrent runs must not share it, and the run drops it.
        String schema = System.getProperty("roost.test.schema", env("ROOST_TEST_SCHEMA", "roost_test")) + "_" + suffix;
        String server = "jdbc:postgresql://" + env("ROOST_TEST_PG_HOST", "127.0.0.1") + ":"
                + env("ROOST_TEST_PG_PORT", "5432") + "/" + env("ROOST_TEST_PG_DB", "test");
        try (Connection connection = DriverManager.getConnection(server, env("ROOST_TEST_PG_USER", "postgres"), "");
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            statement.execute("CREATE SCHEMA " + schema);
        }
        return new String[] { "--spring.datasource.url=" + server + "?currentSchema=" + schema,
                "--spring.flyway.schemas=" + schema };
    }

    public static String base(ConfigurableApplicationContext context) {
        return "http://localhost:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis); // staggered starts (see startTogether): there is no event to wait for
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
