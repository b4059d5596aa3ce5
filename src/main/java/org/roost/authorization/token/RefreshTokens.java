package org.roost.authorization.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

import org.roost.identity.revocation.CredentialRevocations;
import org.roost.identity.revocation.RevokedTokens;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.identity.user.UserEvents;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * First-party refresh tokens: 256 random bits, stored only as a SHA-256 hash. Each use rotates the
 * token; the chain of rotations from one login is a family, and presenting a token that was already
 * used means it was copied, so the whole family is revoked (RFC 9700, section 4.14.2).
 */
@Component
class RefreshTokens {

    /** What presenting a refresh token leads to: a user to issue a new pair for, or nothing. */
    sealed interface Outcome {
        record Rotated(long userId, Issued refreshToken, java.util.List<String> amr) implements Outcome {
        }

        record Refused() implements Outcome {
        }
    }

    /** A new refresh token and the family it belongs to, which its access tokens name ({@link RevokedTokens#FAMILY_CLAIM}). */
    record Issued(String token, String familyId) {
    }

    private record Stored(String familyId, long userId, Instant issuedAt, Instant expiresAt, boolean used,
            boolean revoked, String amr) {
    }

    private final SecureRandom random = new SecureRandom();
    private final JdbcClient jdbc;
    private final Clock clock;
    private final TokenProperties properties;
    private final CredentialRevocations revocations;
    private final ApplicationEventPublisher events;
    private final TokenDenylist denylist;

    RefreshTokens(JdbcClient jdbc, Clock clock, TokenProperties properties, CredentialRevocations revocations,
            ApplicationEventPublisher events, TokenDenylist denylist) {
        this.denylist = denylist;
        this.events = events;
        this.jdbc = jdbc;
        this.clock = clock;
        this.properties = properties;
        this.revocations = revocations;
    }

    /** @param amr how the user signed in (RFC 8176), repeated by every access token of the family */
    @Transactional
    public Issued issue(long userId, java.util.List<String> amr) {
        String family = UUID.randomUUID().toString();
        return new Issued(insert(family, userId, String.join(" ", amr)), family);
    }

    /** Its own transaction: a replay revokes the family even though the request itself then fails. */
    @Transactional(propagation = Propagation.REQUIRES_NEW, noRollbackFor = RuntimeException.class)
    public Outcome rotate(String token) {
        String hash = hash(token);
        Optional<Stored> found = jdbc.sql("""
                SELECT family_id, user_id, issued_at, expires_at, used_at, revoked, amr FROM refresh_tokens
                WHERE token_hash = :hash""").param("hash", hash)
                .query((rs, row) -> new Stored(rs.getString(1), rs.getLong(2),
                        rs.getObject(3, OffsetDateTime.class).toInstant(), rs.getObject(4, OffsetDateTime.class).toInstant(),
                        rs.getObject(5) != null, rs.getBoolean(6), rs.getString(7)))
                .optional();
        if (found.isEmpty()) {
            return new Outcome.Refused();
        }
        Stored stored = found.get();
        Instant now = clock.instant();
        if (stored.revoked() || stored.expiresAt().isBefore(now) || revocations.isRevoked(stored.userId(), stored.issuedAt())) {
            return new Outcome.Refused();
        }
        // Marking it used only if nobody else did makes two concurrent uses count as a replay.
        int claimed = jdbc.sql("UPDATE refresh_tokens SET used_at = :now WHERE token_hash = :hash AND used_at IS NULL")
                .param("now", Timestamps.utc(now)).param("hash", hash).update();
        if (stored.used() || claimed == 0) {
            revokeFamily(stored.familyId());
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.REFRESH_TOKEN_REPLAYED, stored.userId()));
            return new Outcome.Refused();
        }
        return new Outcome.Rotated(stored.userId(), new Issued(insert(stored.familyId(), stored.userId(), stored.amr()),
                stored.familyId()), java.util.List.of(stored.amr().split(" ")));
    }

    /** Ends the family this token belongs to, if it is one of ours (logout). */
    @Transactional
    public void revoke(String token) {
        jdbc.sql("SELECT family_id FROM refresh_tokens WHERE token_hash = :hash").param("hash", hash(token))
                .query(String.class).optional().ifPresent(this::revokeFamily);
    }

    /** The user signed this family out from their list of devices: it ends, with its access tokens. */
    @EventListener
    void on(org.roost.identity.devices.DeviceEvents.SignedOut event) {
        if (event.kind() == org.roost.identity.devices.Devices.Kind.TOKEN) {
            revokeFamily(event.deviceId());
        }
    }

    @EventListener
    void on(UserEvents.CredentialsRevoked event) {
        jdbc.sql("UPDATE refresh_tokens SET revoked = TRUE WHERE user_id = :id").param("id", event.userId()).update();
    }

    /**
     * Ends the family's refresh tokens and every access token minted from it: a thief who refreshed first holds
     * an access token of this family, and it stops working at once, on every instance (the denylist's entry lives
     * as long as an access token could).
     */
    private void revokeFamily(String familyId) {
        jdbc.sql("UPDATE refresh_tokens SET revoked = TRUE WHERE family_id = :family").param("family", familyId).update();
        denylist.deny(RevokedTokens.familyKey(familyId), clock.instant().plus(properties.accessTokenLifetime())
                .plus(properties.clockSkew()));
    }

    private String insert(String familyId, long userId, String amr) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Instant now = clock.instant();
        jdbc.sql("""
                INSERT INTO refresh_tokens (token_hash, family_id, user_id, issued_at, expires_at, amr)
                VALUES (:hash, :family, :user, :now, :exp, :amr)""")
                .param("hash", hash(token)).param("family", familyId).param("user", userId).param("amr", amr)
                .param("now", Timestamps.utc(now)).param("exp", Timestamps.utc(now.plus(properties.refreshTokenLifetime()))).update();
        return token;
    }

    private static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }


    /** Scheduled housekeeping: rows past expiry serve no purpose. */
    @org.springframework.scheduling.annotation.Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT10M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM refresh_tokens WHERE expires_at < :now").param("now", Timestamps.utc(clock.instant())).update();
    }
}
