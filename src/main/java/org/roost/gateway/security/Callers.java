package org.roost.gateway.security;

import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.RevokedTokens;
import org.roost.identity.session.SessionUser;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Scopes;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

/**
 * Turns whatever authenticated the request into a {@link Caller}, so features never look at
 * credential types: a session and a first-party token give the same caller.
 */
public final class Callers {

    private Callers() {
    }

    public static Optional<Caller> from(@Nullable Authentication authentication) {
        if (authentication == null || !authentication.isAuthenticated()) {
            return Optional.empty();
        }
        return switch (authentication.getPrincipal()) {
            case SessionUser user -> Optional.of(new Caller.User(user.id(), Scopes.FIRST_PARTY));
            case org.springframework.security.oauth2.jwt.Jwt jwt when authentication instanceof JwtAuthenticationToken -> {
                Set<String> scopes = scopes(authentication);
                if (Boolean.TRUE.equals(jwt.getClaimAsBoolean(RevokedTokens.CLIENT_ONLY_CLAIM))) {
                    yield Optional.of(new Caller.Client(jwt.getSubject(), scopes));
                }
                try {
                    yield Optional.of(new Caller.User(Long.parseLong(jwt.getSubject()), scopes));
                }
                catch (NumberFormatException ex) {
                    yield Optional.of(new Caller.Client(jwt.getSubject(), scopes));
                }
            }
            case null, default -> Optional.empty();
        };
    }

    private static Set<String> scopes(Authentication authentication) {
        return authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .filter(a -> a.startsWith("SCOPE_")).map(a -> a.substring("SCOPE_".length()))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }
}
