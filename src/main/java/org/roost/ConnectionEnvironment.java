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
 * any way, sessions and revocations are shared through it; otherwise they stay in memory.
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
        environment.getPropertySources().addFirst(new MapPropertySource("roostConnections", derived));
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
