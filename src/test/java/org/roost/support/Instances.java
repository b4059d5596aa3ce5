package org.roost.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import org.roost.RoostApplication;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
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
        LOGGING_SET_UP.lock();
        try {
            return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "postgres", "redis")
                    .listeners(new LoggingSetUp()).run(all);
        }
        finally {
            if (LOGGING_SET_UP.isHeldByCurrentThread()) { // a start that failed before it was prepared
                LOGGING_SET_UP.unlock();
            }
        }
    }

    /**
     * Spring Boot sets up the JVM-wide logging system early in every start, and two starts doing it at once race on
     * logback's shared state (a ConcurrentModificationException in LoggerContext.putProperty, seen under load even
     * with launches 300 ms apart). So starts take turns until their application is prepared (logging set up well
     * before), and refresh side by side: what the tests race (signing keys, schema locks) happens there.
     */
    private static final ReentrantLock LOGGING_SET_UP = new ReentrantLock();

    /** Ends a start's turn (see {@link #LOGGING_SET_UP}) once its application is prepared, on the starting thread. */
    private static final class LoggingSetUp implements ApplicationListener<ApplicationPreparedEvent> {

        @Override
        public void onApplicationEvent(ApplicationPreparedEvent event) {
            if (LOGGING_SET_UP.isHeldByCurrentThread()) {
                LOGGING_SET_UP.unlock();
            }
        }
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
        // Their logging set-up takes turns (start); the key creation these tests race comes after, side by side.
        List<CompletableFuture<ConfigurableApplicationContext>> starting = java.util.stream.IntStream.range(0, count)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> start(args), Thread::startVirtualThread)).toList();
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

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
