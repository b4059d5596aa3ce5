package org.roost.authorization.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.security.oauth2.core.OAuth2DeviceCode;
import org.springframework.security.oauth2.core.OAuth2UserCode;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;

/**
 * Token claims in the only collection types the store can read back. The JDBC store writes claims as JSON with
 * their Java types and reads back only the types Spring Security's allow-list names ({@code ArrayList},
 * {@code LinkedHashSet}, {@code LinkedHashMap}…); {@code List.of}, {@code Set.of}, {@code Map.of} and
 * {@code stream().toList()} were written but not readable, so an authorization with such a claim (an exchanged
 * token's {@code aud}) answered 500 at introspection, revocation and consent revocation. Copying on every save,
 * whatever put the claim there, closes the whole family rather than one customizer.
 */
final class StoredClaims {

    private static final List<Class<? extends OAuth2Token>> TOKENS = List.of(OAuth2AuthorizationCode.class,
            OAuth2AccessToken.class, OAuth2RefreshToken.class, OidcIdToken.class, OAuth2DeviceCode.class,
            OAuth2UserCode.class);

    private StoredClaims() {
    }

    static OAuth2Authorization readable(OAuth2Authorization authorization) {
        OAuth2Authorization.Builder copy = null;
        for (Class<? extends OAuth2Token> type : TOKENS) {
            OAuth2Authorization.Token<? extends OAuth2Token> token = authorization.getToken(type);
            Map<String, Object> claims = token == null ? null : token.getClaims();
            if (claims == null) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> plain = (Map<String, Object>) plain(claims);
            copy = copy == null ? OAuth2Authorization.from(authorization) : copy;
            copy.token(token.getToken(), metadata -> metadata.put(OAuth2Authorization.Token.CLAIMS_METADATA_NAME, plain));
        }
        return copy == null ? authorization : copy.build();
    }

    /** The value with every map, list and set replaced by an allow-listed copy, all the way down. */
    static @Nullable Object plain(@Nullable Object value) {
        return switch (value) {
            case Map<?, ?> map -> {
                Map<Object, Object> copy = new LinkedHashMap<>();
                map.forEach((key, entry) -> copy.put(key, plain(entry)));
                yield copy;
            }
            case Set<?> set -> set.stream().map(StoredClaims::plain).collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new));
            case Collection<?> list -> list.stream().map(StoredClaims::plain).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
            case null, default -> value;
        };
    }
}
