package org.roost.identity.devices;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.shared.Caller;
import org.roost.platform.stepup.Reauthentication;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Where each user is signed in. A session sign-in and a first-party token sign-in are each one device, with a random
 * id (a token sign-in's is the id of its authorization on the authorization server). Signing a device out puts {@code device:<id>} on the denylist, which reaches every
 * instance, and tells the feature that owns the credential ({@link DeviceEvents.SignedOut}).
 */
@Service
public class Devices {

    public enum Kind { SESSION, TOKEN }

    /** The claim of a first-party access token that names its sign-in, which is its device. */
    public static final String SIGN_IN_CLAIM = "sid";

    /** The session attribute that names a session's device. */
    public static final String SESSION_ATTRIBUTE = "roost.device";

    record Device(String id, Kind kind, @Nullable String userAgent, @Nullable String address, Instant createdAt,
            Instant lastUsedAt) {
    }

    /** How long a device stays listed (and denied, once signed out): the longest a credential can live. */
    private static final Duration KEPT = Duration.ofDays(14);
    /** Uses closer together than this are not written: one write a minute per device at most. */
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    private final JdbcClient jdbc;
    private final TokenDenylist denylist;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    private final Reauthentication reauthentication;

    Devices(JdbcClient jdbc, TokenDenylist denylist, ApplicationEventPublisher events, Clock clock,
            Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.jdbc = jdbc;
        this.denylist = denylist;
        this.events = events;
        this.clock = clock;
    }

    public static String key(String deviceId) {
        return "device:" + deviceId;
    }

    /** Records a sign-in. */
    public void register(String deviceId, long userId, Kind kind, @Nullable String userAgent, @Nullable String address) {
        Instant now = clock.instant();
        jdbc.sql("INSERT INTO devices (id, user_id, kind, user_agent, address, created_at, last_used_at) "
                        + "VALUES (:id, :user, :kind, :agent, :address, :now, :now)")
                .param("id", deviceId).param("user", userId).param("kind", kind.name())
                .param("agent", userAgent == null ? null : truncate(userAgent, 256), java.sql.Types.VARCHAR)
                .param("address", address, java.sql.Types.VARCHAR).param("now", Timestamps.utc(now)).update();
    }

    /** Records a use, at most once a minute per device; answers whether the device is still signed in. */
    public boolean touch(String deviceId, @Nullable String address, @Nullable Instant lastWritten) {
        if (denylist.isDenied(key(deviceId))) {
            return false;
        }
        Instant now = clock.instant();
        if (lastWritten == null || lastWritten.plus(TOUCH_INTERVAL).isBefore(now)) {
            jdbc.sql("UPDATE devices SET last_used_at = :now, address = COALESCE(:address, address) WHERE id = :id")
                    .param("id", deviceId).param("address", address, java.sql.Types.VARCHAR)
                    .param("now", Timestamps.utc(now)).update();
        }
        return true;
    }

    public boolean signedOut(String deviceId) {
        return denylist.isDenied(key(deviceId));
    }

    List<Device> list(long userId) {
        return jdbc.sql("SELECT id, kind, user_agent, address, created_at, last_used_at FROM devices "
                        + "WHERE user_id = :user AND signed_out_at IS NULL AND last_used_at > :since ORDER BY last_used_at DESC")
                .param("user", userId).param("since", Timestamps.utc(clock.instant().minus(KEPT)))
                .query((rs, row) -> new Device(rs.getString("id"), Kind.valueOf(rs.getString("kind")),
                        rs.getString("user_agent"), rs.getString("address"),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("last_used_at", OffsetDateTime.class).toInstant()))
                .list();
    }

    /** A new password (or a deleted account) ends every credential: the list shows none of them any more. */
    @org.springframework.context.event.EventListener
    void on(org.roost.identity.user.UserEvents.CredentialsRevoked event) {
        jdbc.sql("UPDATE devices SET signed_out_at = :now WHERE user_id = :user AND signed_out_at IS NULL")
                .param("user", event.userId()).param("now", Timestamps.utc(clock.instant())).update();
    }

    @Transactional
    void signOut(long userId, String deviceId) {
        Kind kind = jdbc.sql("SELECT kind FROM devices WHERE id = :id AND user_id = :user AND signed_out_at IS NULL")
                .param("id", deviceId).param("user", userId).query(String.class).optional().map(Kind::valueOf)
                .orElseThrow(() -> ApiException.notFound("The device"));
        jdbc.sql("UPDATE devices SET signed_out_at = :now WHERE id = :id").param("id", deviceId)
                .param("now", Timestamps.utc(clock.instant())).update();
        denylist.deny(key(deviceId), clock.instant().plus(KEPT));
        events.publishEvent(new DeviceEvents.SignedOut(userId, deviceId, kind));
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.DEVICE_SIGNED_OUT, userId, "kind",
                kind.name().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * The owner's own "sign out every other device": a recent sign-in first ({@link Reauthentication}), else a stolen
     * session would sign the owner out everywhere and be the one left.
     */
    @Transactional
    public int signOutOthersAsked(Caller owner, long userId, @Nullable String keep) {
        reauthentication.require(owner);
        return signOutOthers(userId, keep);
    }

    /** Signs out every device of the user but {@code keep} (the one asking). */
    @Transactional
    public int signOutOthers(long userId, @Nullable String keep) {
        List<String> others = list(userId).stream().map(Device::id).filter(id -> !id.equals(keep)).toList();
        others.forEach(id -> signOut(userId, id));
        events.publishEvent(new DeviceEvents.OthersSignedOut(userId));
        return others.size();
    }

    /** The device of this request: its session's, or its first-party bearer token's sign-in. */
    public static @Nullable String current(jakarta.servlet.http.HttpServletRequest request) {
        if (org.springframework.security.core.context.SecurityContextHolder.getContext().getAuthentication()
                instanceof org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken jwt) {
            return jwt.getToken().getClaimAsString(SIGN_IN_CLAIM);
        }
        jakarta.servlet.http.HttpSession session = request.getSession(false);
        return session != null && session.getAttribute(SESSION_ATTRIBUTE) instanceof String device ? device : null;
    }

    private static String truncate(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length);
    }
}
