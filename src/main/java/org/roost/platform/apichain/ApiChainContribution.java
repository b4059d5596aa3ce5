package org.roost.platform.apichain;

import java.util.List;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;

/**
 * One feature's part of the API's security filter chain (session or bearer credential, CSRF, JSON security errors).
 * The chain matches {@code /api/**} and every contribution's {@link #paths()}; it applies each contribution's
 * {@link #authorize rules} in bean order ({@code @Order}), then requires a credential for anything no rule decided.
 * A feature with no rule of its own needs no contribution: under {@code /api} a credential is required.
 */
public interface ApiChainContribution {

    /** Paths outside {@code /api/**} that this feature serves on the API chain (path patterns). */
    default List<String> paths() {
        return List.of();
    }

    /** Who may call what: typically {@code permitAll()} for the feature's doors that take no credential. */
    default void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
    }

    /**
     * Paths whose {@code POST} establishes a credential rather than uses one (signing up, logging in, getting a
     * token): no CSRF token is asked there, even from a browser that still holds a session.
     */
    default List<String> credentialEndpoints() {
        return List.of();
    }

    /** Filters or configurers of the feature's own, added to the chain before it is built. */
    default void configure(HttpSecurity http) throws Exception {
    }
}
