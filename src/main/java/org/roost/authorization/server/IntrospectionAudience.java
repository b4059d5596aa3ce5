package org.roost.authorization.server;

import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenIntrospection;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenIntrospectionAuthenticationToken;

/**
 * Who may read a token's claims at {@code /oauth2/introspect} (RFC 7662 section 4 leaves it to the server):
 * the client the token was issued to, and the resource servers named in {@code roost.oauth.introspection-clients}.
 * Any other authenticated client learns only {@code {"active": false}}, the answer for a token it cannot know:
 * otherwise any client with a secret could read the subject, scopes and expiry of every other client's tokens.
 */
final class IntrospectionAudience implements AuthenticationProvider {

    private final AuthenticationProvider delegate;
    private final Set<String> resourceServers;

    IntrospectionAudience(AuthenticationProvider delegate, Set<String> resourceServers) {
        this.delegate = delegate;
        this.resourceServers = Set.copyOf(resourceServers);
    }

    @Override
    public @Nullable Authentication authenticate(Authentication authentication) throws AuthenticationException {
        Authentication result = delegate.authenticate(authentication);
        if (!(result instanceof OAuth2TokenIntrospectionAuthenticationToken introspection)
                || !introspection.getTokenClaims().isActive()
                || !(introspection.getPrincipal() instanceof OAuth2ClientAuthenticationToken caller)
                || caller.getRegisteredClient() == null) {
            return result;
        }
        String asker = caller.getRegisteredClient().getClientId();
        if (resourceServers.contains(asker) || asker.equals(introspection.getTokenClaims().getClientId())) {
            return result;
        }
        return new OAuth2TokenIntrospectionAuthenticationToken(introspection.getToken(), caller,
                OAuth2TokenIntrospection.builder().build());
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return delegate.supports(authentication);
    }
}
