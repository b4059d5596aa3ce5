package org.roost.support;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.slf4j.LoggerFactory;

/**
 * Makes every test run (one JVM) its own: a PostgreSQL schema and a Redis namespace of its own, so
 * that two checkouts can run {@code mvn test} at once on one machine. {@code ROOST_TEST_SCHEMA} and
 * {@code ROOST_TEST_REDIS_NAMESPACE} pin them (kept afterwards, for looking into); otherwise both are
 * random and removed when the run ends. It also quiets logging until Spring Boot configures it (no
 * logback-test.xml: that would replace Boot's own configuration, structured logging included).
 */
public class IsolatedTestRun implements LauncherSessionListener {

    static final String SCHEMA_PROPERTY = "roost.test.schema";
    static final String NAMESPACE_PROPERTY = "roost.redis.namespace";

    private boolean randomSchema;
    private boolean randomNamespace;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            logback.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
        }
        String suffix = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        randomSchema = choose(SCHEMA_PROPERTY, "ROOST_TEST_SCHEMA", "roost_test_" + suffix);
        randomNamespace = choose(NAMESPACE_PROPERTY, "ROOST_TEST_REDIS_NAMESPACE", "roost-test-" + suffix);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (StartupCount.total() > 0) { // docs/testing.md, "Counting start-ups": the figure to keep small
            System.out.printf("Roost tests: %d application start-ups in this run, %.0f s in all%n", StartupCount.total(),
                    StartupCount.seconds());
        }
        if (randomSchema) {
            dropSchemas(System.getProperty(SCHEMA_PROPERTY)); // and each context's (SchemaPerContext, _live, _plans ...)
        }
        if (randomNamespace) {
            deleteKeys(System.getProperty(NAMESPACE_PROPERTY));
        }
    }

    /** Sets the property unless already given; answers whether the value is a random one of ours. */
    private static boolean choose(String property, String variable, String random) {
        if (System.getProperty(property) != null) {
            return false;
        }
        String pinned = env(variable, null);
        System.setProperty(property, pinned != null ? pinned : random);
        return pinned == null;
    }

    private static void dropSchemas(String run) {
        String url = "jdbc:postgresql://" + env("ROOST_TEST_PG_HOST", "127.0.0.1") + ":" + env("ROOST_TEST_PG_PORT", "5432")
                + "/" + env("ROOST_TEST_PG_DB", "test");
        try (var connection = DriverManager.getConnection(url, env("ROOST_TEST_PG_USER", "postgres"), "");
                var statement = connection.createStatement()) {
            List<String> schemas = new ArrayList<>();
            try (var found = statement.executeQuery("SELECT nspname FROM pg_namespace WHERE nspname = '" + run
                    + "' OR starts_with(nspname, '" + run + "_')")) {
                while (found.next()) {
                    schemas.add(found.getString(1));
                }
            }
            for (String schema : schemas) {
                statement.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
            }
        }
        catch (SQLException ex) {
            // Best effort: no PostgreSQL (tests skipped) or already gone.
        }
    }

    private static void deleteKeys(String namespace) {
        String uri = "redis://" + env("ROOST_TEST_REDIS_HOST", "127.0.0.1") + ":" + env("ROOST_TEST_REDIS_PORT", "6379")
                + "/" + env("ROOST_TEST_REDIS_DB", "0");
        RedisClient client = RedisClient.create(uri);
        try (var connection = client.connect()) {
            RedisCommands<String, String> redis = connection.sync();
            ScanArgs match = ScanArgs.Builder.matches(namespace + ":*").limit(500);
            KeyScanCursor<String> cursor = redis.scan(match);
            while (true) {
                if (!cursor.getKeys().isEmpty()) {
                    redis.unlink(cursor.getKeys().toArray(String[]::new));
                }
                if (cursor.isFinished()) {
                    break;
                }
                cursor = redis.scan(ScanCursor.of(cursor.getCursor()), match);
            }
        }
        catch (RuntimeException ex) {
            // Best effort: no Redis (tests skipped); keys would expire with their sessions anyway.
        }
        finally {
            client.shutdown();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
