package org.roost.authorization.signinsession;

import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Date;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.security.core.AuthenticatedPrincipal;
import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;

/**
 * The authorization server's session registry (which sign-in session a user's code came from: the ID
 * token's {@code sid}, and what {@code /connect/logout} ends), in the database instead of the default
 * per-instance memory. Spring Session's own registry needs an indexed repository, which in Redis means
 * keyspace notifications configured on the server; the sessions stay in Spring Session, and a row whose
 * session is gone is skipped.
 */
@Component
class SharedSignInSessionRegistry implements SessionRegistry {

    private final JdbcClient jdbc;
    private final SessionRepository<?> sessions;
    private final Clock clock;
    private final Duration absoluteTimeout;

    SharedSignInSessionRegistry(JdbcClient jdbc, SessionRepository<?> sessions, Clock clock,
            @Value("${roost.sessions.absolute-timeout}") Duration absoluteTimeout) {
        this.jdbc = jdbc;
        this.sessions = sessions;
        this.clock = clock;
        this.absoluteTimeout = absoluteTimeout;
    }

    @Override
    public List<Object> getAllPrincipals() {
        return List.copyOf(jdbc.sql("SELECT DISTINCT principal_name FROM signin_sessions").query(String.class).list());
    }

    @Override
    public List<SessionInformation> getAllSessions(Object principal, boolean includeExpiredSessions) {
        return jdbc.sql("SELECT session_id, last_request FROM signin_sessions WHERE principal_name = :p")
                .param("p", name(principal))
                .query((rs, row) -> new SessionInformation(principal, rs.getString(1),
                        Date.from(rs.getObject(2, OffsetDateTime.class).toInstant())))
                .list().stream()
                .filter(info -> includeExpiredSessions || sessions.findById(info.getSessionId()) != null)
                .toList();
    }

    @Override
    public @Nullable SessionInformation getSessionInformation(String sessionId) {
        return jdbc.sql("SELECT principal_name, last_request FROM signin_sessions WHERE session_id = :id")
                .param("id", sessionId)
                .query((rs, row) -> new SessionInformation(rs.getString(1), sessionId,
                        Date.from(rs.getObject(2, OffsetDateTime.class).toInstant())))
                .optional().orElse(null);
    }

    @Override
    public void refreshLastRequest(String sessionId) {
        jdbc.sql("UPDATE signin_sessions SET last_request = :t WHERE session_id = :id")
                .param("id", sessionId).param("t", Timestamps.utc(clock.instant())).update();
    }

    @Override
    public void registerNewSession(String sessionId, Object principal) {
        removeSessionInformation(sessionId);
        jdbc.sql("INSERT INTO signin_sessions (session_id, principal_name, last_request) VALUES (:id, :p, :t)")
                .param("id", sessionId).param("p", name(principal)).param("t", Timestamps.utc(clock.instant())).update();
    }

    @Override
    public void removeSessionInformation(String sessionId) {
        jdbc.sql("DELETE FROM signin_sessions WHERE session_id = :id").param("id", sessionId).update();
    }

    /** No session outlives its absolute timeout, so neither does its row. */
    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT5M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM signin_sessions WHERE last_request < :before")
                .param("before", Timestamps.utc(clock.instant().minus(absoluteTimeout))).update();
    }

    private static String name(Object principal) {
        return switch (principal) {
            case UserDetails user -> user.getUsername();
            case AuthenticatedPrincipal authenticated -> authenticated.getName();
            case Principal named -> named.getName();
            default -> principal.toString();
        };
    }
}
