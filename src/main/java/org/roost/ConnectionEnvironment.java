package org.roost;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Reads the conventional {@code DATABASE_URL} and {@code REDIS_URL} of container platforms into
 * Spring's own properties, and decides once whether Redis is in use: when it is configured in
 * any way, sessions and revocations are shared through it; otherwise they stay in memory. Derives
 * {@code roost.redis.namespace} (unless set), the prefix of every Redis key and channel of Roost.
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
        if (!environment.containsProperty("roost.redis.enabled")) {
            derived.put("roost.redis.enabled", Boolean.toString(redisConfigured));
        }
        if (!hasText(environment, "roost.redis.namespace")) {
            derived.put("roost.redis.namespace", "roost:" + redisDatabase(environment, derived));
        }
        environment.getPropertySources().addFirst(new MapPropertySource("roostConnections", derived));
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
