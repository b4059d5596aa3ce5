package org.roost.authorization.token;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.web.util.UrlUtils;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The {@code iss} of our tokens: the configured issuer ({@code roost.public-url} sets it too), or else the origin the
 * request came to, computed the way the authorization server computes it, so both kinds of token agree. A request
 * reaches here only with a {@code Host} of the allowed ones ({@code web.AllowedHostsFilter}), so that origin is never
 * one an attacker chose.
 */
@Component
public class Issuers {

    /** The issuer for work done off the request thread on a request's behalf (a WebSocket message, say). */
    private static final ThreadLocal<@Nullable String> ON_BEHALF_OF = new ThreadLocal<>();

    /** Origins seen often enough to be worth remembering: the allowed host names, in practice a handful. */
    private static final int KNOWN_ORIGINS = 64;

    private final @Nullable String configured;

    /**
     * Each origin's issuer, computed once: building the request's URL and parsing it again on every request was 1.7 %
     * of an authenticated read's CPU (JFR) when no issuer is configured.
     */
    private final Map<Origin, String> byOrigin = new ConcurrentHashMap<>();

    /** What {@link #of} depends on: the path and query of the request are replaced. */
    private record Origin(String scheme, String host, int port, String contextPath) {
    }

    Issuers(AuthorizationServerSettings settings, Environment environment) {
        this.configured = settings.getIssuer();
        // A production database without a fixed issuer: discovery and tokens would follow each request's Host header
        if (configured == null && environment.getProperty("spring.datasource.url", "").startsWith("jdbc:postgresql")) {
            LoggerFactory.getLogger(Issuers.class).warn("Neither roost.public-url nor spring.security.oauth2."
                    + "authorizationserver.issuer is set: the issuer follows which allowed host name (a loopback name or "
                    + "roost.allowed-hosts) each request used; set roost.public-url to the public origin in production");
        }
    }

    public String of(HttpServletRequest request) {
        if (configured != null) {
            return configured;
        }
        Origin origin = new Origin(request.getScheme(), request.getServerName(), request.getServerPort(),
                request.getContextPath());
        String known = byOrigin.get(origin);
        if (known != null) {
            return known;
        }
        String issuer = compute(request);
        if (byOrigin.size() < KNOWN_ORIGINS) {
            byOrigin.put(origin, issuer);
        }
        return issuer;
    }

    private static String compute(HttpServletRequest request) {
        return UriComponentsBuilder.fromUriString(UrlUtils.buildFullRequestUrl(request))
                .replacePath(request.getContextPath()).replaceQuery(null).fragment(null).build().toUriString();
    }

    /** The issuer for the request being served; empty outside a request, which then matches no token. */
    public @Nullable String current() {
        if (configured != null) {
            return configured;
        }
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? of(attributes.getRequest()) : ON_BEHALF_OF.get();
    }

    /** Runs {@code work} as if serving a request to {@code issuer}, for work that no longer has its request. */
    public <T> T actingFor(String issuer, java.util.function.Supplier<T> work) {
        ON_BEHALF_OF.set(issuer);
        try {
            return work.get();
        }
        finally {
            ON_BEHALF_OF.remove();
        }
    }
}
