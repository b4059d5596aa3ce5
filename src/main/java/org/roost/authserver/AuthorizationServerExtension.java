package org.roost.authserver;

import java.util.Map;
import java.util.Set;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;

/**
 * A capability of the authorization server that lives in a package of its own (PAR, the device flow, token
 * exchange, client registration): a bean of this type is applied to the one protocol filter chain, in
 * {@link org.springframework.core.annotation.Order} order. Spring's configurers keep one consumer per endpoint, so
 * an extension configures only its own endpoints and leaves the authorization, token-introspection and revocation
 * endpoints' consumers, which this package owns, alone.
 */
public interface AuthorizationServerExtension {

    /** Enables and configures the extension's endpoints on the protocol chain. */
    default void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
    }

    /**
     * What discovery says of the extension (both {@code /.well-known/openid-configuration} and
     * {@code /.well-known/oauth-authorization-server}): members to add or replace, given the issuer.
     */
    default void describe(String issuer, Map<String, Object> metadata) {
    }

    /**
     * HTML pages of the extension that a signed-in person uses: they share the sign-in session (its cookie, and the
     * sign-in form when nobody is signed in) with the consent page. Exact paths.
     */
    default Set<String> pages() {
        return Set.of();
    }

    /** Adds {@code value} to the list member {@code name} of a discovery document (grant types, say), once. */
    @SuppressWarnings("unchecked")
    static void addTo(Map<String, Object> metadata, String name, String value) {
        Object current = metadata.get(name);
        java.util.List<Object> values = current instanceof java.util.Collection<?> list
                ? new java.util.ArrayList<>((java.util.Collection<Object>) list) : new java.util.ArrayList<>();
        if (!values.contains(value)) {
            values.add(value);
        }
        metadata.put(name, values);
    }
}
