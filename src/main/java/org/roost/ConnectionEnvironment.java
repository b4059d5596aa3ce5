package org.roost;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Reads the conventional {@code DATABASE_URL} and {@code REDIS_URL} of container platforms into
 * Spring's own properties, and decides once whether Redis is in use: when it is configured in
 * any way, sessions and revocations are shared through it; otherwise they stay in memory. Derives
 * {@code roost.redis.namespace} (unless set), the prefix of every Redis key and channel of Roost, and the issuer
 * from {@code roost.public-url} when only that is set.
 */
class ConnectionEnvironment implements EnvironmentPostProcessor, Ordered {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Map<String, Object> derived = new HashMap<>();
        String database = environment.getProperty("DATABASE_URL");
        if (database != null && !database.isBlank()) {
            database(database.strip(), derived);
        }
        String redis = environment.getProperty("REDIS_URL");
        if (redis != null && !redis.isBlank()) {
            derived.put("spring.data.redis.url", redis.strip());
        }
        boolean redisConfigured = derived.containsKey("spring.data.redis.url")
                || hasText(environment, "spring.data.redis.url") || hasText(environment, "spring.data.redis.host");
        String configured = environment.getProperty("roost.redis.enabled");
        if (configured == null) {
            derived.put("roost.redis.enabled", Boolean.toString(redisConfigured));
        }
        // as the beans' @ConditionalOnProperty(havingValue = "true") reads it
        if (!(configured == null ? redisConfigured : "true".equalsIgnoreCase(configured))) {
            withoutRedisClient(environment, derived);
        }
        String jdbcUrl = (String) derived.getOrDefault("spring.datasource.url", environment.getProperty("spring.datasource.url"));
        if (jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:")) {
            postgresTimeouts(environment, derived);
        }
        // One public origin: roost.public-url is the issuer too, unless an issuer is configured on its own.
        if (hasText(environment, "roost.public-url") && !hasText(environment, "spring.security.oauth2.authorizationserver.issuer")) {
            derived.put("spring.security.oauth2.authorizationserver.issuer",
                    environment.getProperty("roost.public-url", "").strip().replaceAll("/+$", ""));
        }
        if (!hasText(environment, "roost.redis.namespace")) {
            derived.put("roost.redis.namespace", "roost:" + redisDatabase(environment, derived));
        }
        environment.getPropertySources().addFirst(new MapPropertySource("roostConnections", derived));
    }

    /**
     * The PostgreSQL driver's own timeouts, from {@code roost.database.*}, passed as connection
     * properties whatever selected the database (DATABASE_URL or spring.datasource.url); only for
     * PostgreSQL, as other drivers refuse properties they do not know. A parameter written in the
     * URL itself wins, and so does an explicit {@code spring.datasource.hikari.data-source-properties.*}.
     */
    private static void postgresTimeouts(ConfigurableEnvironment environment, Map<String, Object> derived) {
        Binder binder = Binder.get(environment);
        Duration connect = binder.bind("roost.database.connect-timeout", Duration.class).orElse(Duration.ofSeconds(2));
        Duration socket = binder.bind("roost.database.socket-timeout", Duration.class).orElse(Duration.ofSeconds(2));
        Duration statement = binder.bind("roost.database.statement-timeout", Duration.class)
                .orElse(Duration.ofMillis(1500));
        String prefix = "spring.datasource.hikari.data-source-properties"; // [name]: brackets keep the case
        Map<String, String> driver = Map.of(
                "connectTimeout", seconds(connect),  // TCP connect
                "loginTimeout", seconds(connect),    // connect + authentication (a hung server accepts TCP)
                "socketTimeout", seconds(socket),    // any read: a hung server or a dead network
                "tcpKeepAlive", "true",
                "options", "-c statement_timeout=" + statement.toMillis()); // server-side, ends runaway queries
        driver.forEach((name, value) -> {
            if (!environment.containsProperty(prefix + "." + name) && !environment.containsProperty(prefix + "[" + name + "]")) {
                derived.put(prefix + "[" + name + "]", value);
            }
        });
    }

    /**
     * Boot's Redis auto-configuration builds a Lettuce client (Netty's event loops, a template, a health check) as soon
     * as the library is on the class path, configured or not; without Redis nothing of Roost uses it. Left out, an
     * embedded instance loads about a thousand fewer classes (Lettuce, Netty, Spring Data Redis) as it starts. Any
     * exclusions already configured are kept.
     */
    private static void withoutRedisClient(ConfigurableEnvironment environment, Map<String, Object> derived) {
        Set<String> excluded = new LinkedHashSet<>(Binder.get(environment)
                .bind("spring.autoconfigure.exclude", Bindable.listOf(String.class)).orElse(List.of()));
        excluded.addAll(REDIS_AUTO_CONFIGURATIONS);
        derived.put("spring.autoconfigure.exclude", String.join(",", excluded));
    }

    static final List<String> REDIS_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.DataRedisRepositoriesAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.health.DataRedisHealthContributorAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.health.DataRedisReactiveHealthContributorAutoConfiguration",
            "org.springframework.boot.data.redis.autoconfigure.observation.LettuceObservationAutoConfiguration");

    /** The driver counts in whole seconds, and 0 means "no timeout": round up, never down to 0. */
    private static String seconds(Duration duration) {
        return Long.toString(duration.isZero() ? 0 : Math.max(1, (duration.toMillis() + 999) / 1000));
    }

    /**
     * The database the connection will really use, as Spring Boot decides it: a URL's path wins over
     * {@code spring.data.redis.database}. Keys are per database already, but pub/sub channels are
     * server-wide, so the namespace (and every channel under it) names the database.
     */
    private static String redisDatabase(ConfigurableEnvironment environment, Map<String, Object> derived) {
        Object url = derived.containsKey("spring.data.redis.url") ? derived.get("spring.data.redis.url")
                : environment.getProperty("spring.data.redis.url");
        if (url != null && !url.toString().isBlank()) {
            String path = URI.create(url.toString().strip()).getPath();
            String database = path == null ? "" : path.replace("/", "");
            return database.isEmpty() ? "0" : database;
        }
        return environment.getProperty("spring.data.redis.database", "0").strip();
    }

    private static void database(String url, Map<String, Object> derived) {
        if (url.startsWith("jdbc:")) {
            derived.put("spring.datasource.url", url);
            return;
        }
        URI uri = URI.create(url);
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        derived.put("spring.datasource.url", "jdbc:postgresql://" + uri.getHost() + ":" + port + uri.getRawPath() + query);
        if (uri.getUserInfo() != null) {
            String[] parts = uri.getUserInfo().split(":", 2);
            derived.put("spring.datasource.username", decode(parts[0]));
            derived.put("spring.datasource.password", parts.length > 1 ? decode(parts[1]) : "");
        }
    }

    private static String decode(String part) {
        return java.net.URLDecoder.decode(part, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static boolean hasText(ConfigurableEnvironment environment, String key) {
        String value = environment.getProperty(key);
        return value != null && !value.isBlank();
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
