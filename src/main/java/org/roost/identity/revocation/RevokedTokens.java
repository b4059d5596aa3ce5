package org.roost.identity.revocation;

import java.time.Instant;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.stereotype.Component;

/**
 * One answer to "is this access token revoked?", for every place that asks: the API's token validator, and the
 * authorization server's introspection, token exchange and userinfo (through its authorization store). A token
 * is revoked when its {@code jti} is denied (logout, {@code /oauth2/revoke}), when a key it is revoked with is denied
 * (its authorization ended: a replayed refresh token, a logout that named the refresh token, a consent or device
 * signed out; or a token it was exchanged from ended), or when its user's credentials
 * were revoked after it was issued (password change, deletion, sign-out everywhere). Every instance learns of
 * each through the denylist's and the revocations' Redis messages and periodic re-reads.
 */
@Component
public class RevokedTokens {

    /** Milliseconds since the epoch: {@code iat} has whole seconds, too coarse to order a token and a revocation. */
    public static final String ISSUED_AT_MILLIS = "iat_ms";

    /**
     * Denylist keys whose entry also ends this token: the authorization an OAuth access token was issued from
     * ({@link #familyKey} of its id, so that revoking the consent or the refresh token also ends the access tokens
     * issued before the last refresh), and for an exchanged token the {@code jti} and keys of its subject and actor
     * tokens (so that ending a subject token ends what was exchanged from it, RFC 8693 section 2.1's "acts for").
     */
    public static final String REVOKED_WITH_CLAIM = "revoked_with";

    /** Marks a token of a client acting for itself: its subject is a client id, no user's revocations apply. */
    public static final String CLIENT_ONLY_CLAIM = "client_only";

    private final TokenDenylist denylist;
    private final CredentialRevocations revocations;

    RevokedTokens(TokenDenylist denylist, CredentialRevocations revocations) {
        this.denylist = denylist;
        this.revocations = revocations;
    }

    public boolean isRevoked(Jwt jwt) {
        return isRevoked(jwt.getClaims());
    }

    /** By the token's claims, as a JWT or as the authorization server stored them. */
    public boolean isRevoked(Map<String, Object> claims) {
        Object jti = claims.get("jti");
        return jti == null || denylist.isDenied(jti.toString()) || revokedFamilyOrUser(claims, denylist, revocations);
    }

    public static boolean revokedFamilyOrUser(Map<String, Object> claims, TokenDenylist denylist, CredentialRevocations revocations) {
        for (String key : revokedWith(claims)) {
            if (denylist.isDenied(key)) {
                return true;
            }
        }
        Long userId = user(claims);
        return userId != null && revocations.isRevoked(userId, issuedAt(claims));
    }

    /** The keys of {@link #REVOKED_WITH_CLAIM}, none when the token has no such claim. */
    public static java.util.List<String> revokedWith(Map<String, Object> claims) {
        return claims.get(REVOKED_WITH_CLAIM) instanceof java.util.Collection<?> keys
                ? keys.stream().map(String::valueOf).toList() : java.util.List.of();
    }

    /**
     * The denylist entry that ends every access token of an authorization (by its id: a grant to a client, or a
     * first-party sign-in), with every token exchanged from them.
     */
    public static String familyKey(String familyId) {
        return "family:" + familyId;
    }

    /** The user whose revocations end this token; null for a client acting for itself. */
    public static @Nullable Long user(Map<String, Object> claims) {
        if (Boolean.TRUE.equals(claims.get(CLIENT_ONLY_CLAIM)) || !(claims.get("sub") instanceof String subject)) {
            return null;
        }
        try {
            return Long.parseLong(subject);
        }
        catch (NumberFormatException notAUser) {
            return null;
        }
    }

    /** Milliseconds when present; else the earliest moment of {@code iat}'s second: refuse rather than accept on a tie. */
    public static Instant issuedAt(Map<String, Object> claims) {
        return switch (claims.get(ISSUED_AT_MILLIS)) {
            case Number millis -> Instant.ofEpochMilli(millis.longValue());
            case null -> switch (claims.get("iat")) {
                case Instant instant -> instant;
                case Number seconds -> Instant.ofEpochSecond(seconds.longValue());
                case null, default -> Instant.EPOCH;
            };
            default -> Instant.EPOCH;
        };
    }
}
