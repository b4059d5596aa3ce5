package org.roost.platform.origin;

import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The one public origin of this service: every absolute URL it makes (mail links, and the issuer where none is
 * configured) starts with it, and it is never taken from a request header. It is {@code roost.public-url}, else the
 * configured issuer, else {@code http://localhost:{port}} with the port the server actually listens on. It also
 * knows which {@code Host} names a request may carry ({@link AllowedHostsFilter}).
 */
@Component
public class PublicOrigin {

    static final String ISSUER_PROPERTY = "spring.security.oauth2.authorizationserver.issuer";

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "0:0:0:0:0:0:0:1");

    /** The whole IPv4 loopback block, 127.0.0.0/8, written as an address. */
    private static final java.util.regex.Pattern LOOPBACK_V4 =
            java.util.regex.Pattern.compile("127(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");

    private final @Nullable String configured;
    private final Environment environment;
    private final Set<String> hosts = new HashSet<>(LOOPBACK);
    private final boolean anyHost;
    private final boolean publicUrlSet;

    PublicOrigin(PublicOriginProperties properties, Environment environment) {
        this.environment = environment;
        this.publicUrlSet = !properties.publicUrl().isEmpty();
        String issuer = environment.getProperty(ISSUER_PROPERTY, "").strip();
        this.configured = !properties.publicUrl().isEmpty() ? origin(properties.publicUrl(), "roost.public-url")
                : !issuer.isEmpty() ? origin(issuer, ISSUER_PROPERTY) : null;
        if (!properties.publicUrl().isEmpty()) {
            hosts.add(hostOf(properties.publicUrl()));
        }
        if (!issuer.isEmpty()) {
            hosts.add(hostOf(issuer));
        }
        properties.allowedHosts().stream().map(PublicOrigin::normalise).forEach(hosts::add);
        this.anyHost = hosts.contains("*");
    }

    /** The origin, without a trailing slash: {@code https://roost.example.com}. */
    public String url() {
        if (configured != null) {
            return configured;
        }
        // Resolved on use: with server.port=0 the port is known only once the server has started.
        return "http://localhost:" + environment.getProperty("local.server.port",
                environment.getProperty("server.port", "8080"));
    }

    /**
     * Whether an operator named the origin with {@code roost.public-url}, rather than it being taken from the issuer
     * or the local port: features that publish URLs to other servers for good (ActivityPub ids) default to on only then.
     */
    public boolean isPublicUrlSet() {
        return publicUrlSet;
    }

    /** An absolute URL for {@code path} (which starts with a slash) on this service. */
    public String link(String path) {
        return url() + path;
    }

    /** Whether a request naming {@code host} (a {@code Host} header's name, without port) is one for this service. */
    public boolean allowsHost(@Nullable String host) {
        if (host == null) {
            return anyHost;
        }
        String name = normalise(host);
        return anyHost || hosts.contains(name) || LOOPBACK_V4.matcher(name).matches();
    }

    static String normalise(String host) {
        String name = host.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    }

    private static String hostOf(String url) {
        return normalise(URI.create(url).getHost());
    }

    /** The origin of a configured URL; a path, query or other scheme is a configuration error, found at start. */
    private static String origin(String url, String property) {
        URI uri;
        try {
            uri = URI.create(url);
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalStateException(property + " is not a URL: " + url);
        }
        boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
        if (!web || uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalStateException(property + " must be an http(s) origin such as https://roost.example.com: " + url);
        }
        return url.replaceAll("/+$", "");
    }
}
