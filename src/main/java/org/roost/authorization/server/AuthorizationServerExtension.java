package org.roost.authorization.server;

import org.roost.authorization.signinsession.SignInSessions;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * A capability of the authorization server that lives in a package of its own (PAR, the device flow, token
 * exchange, client registration, the first-party sign-in): a bean of this type is applied to the one protocol
 * filter chain, in {@link org.springframework.core.annotation.Order} order. Spring's configurers keep one consumer
 * per endpoint, so an extension configures only its own endpoints and leaves the authorization,
 * token-introspection and revocation endpoints' consumers, which this package owns, alone.
 */
public interface AuthorizationServerExtension {

    /** Enables and configures the extension's endpoints on the protocol chain. */
    default void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
    }

    /**
     * Changes the token endpoint's authentication providers (Spring's, in its order), to wrap or replace one.
     * Spring keeps one consumer of that list, which this package composes from every extension's. A provider that
     * should answer first instead is added in {@link #configure} with {@code tokenEndpoint(t ->
     * t.authenticationProvider(p))}; mind that Spring's {@code ProviderManager} goes on to the next provider after
     * an exception, so such a provider must answer in full (or return null), not throw to stop the others.
     */
    default void tokenProviders(List<AuthenticationProvider> providers) {
    }

    /** Adds to or checks an access token about to be signed (every grant's; see {@code TokenClaims}). */
    default void customizeAccessToken(JwtEncodingContext context) {
    }

    /** Adds to or records an ID token about to be signed (its {@code sid} is already among the claims). */
    default void customizeIdToken(JwtEncodingContext context) {
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

    /**
     * The POSTs to this extension's protocol endpoints that its pages' forms send (a consent, say): each must carry
     * the pages' CSRF token, which Spring's configurer does not ask of any protocol endpoint ({@code SignInSessions}).
     */
    default List<RequestMatcher> formPosts() {
        return List.of();
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
