package org.roost.authorization.backchannel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import org.roost.platform.shared.Timestamps;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Turns an ended sign-in session into logout tokens to deliver: one row per client that holds tokens of it, written
 * in the caller's transaction (the sign-out's), so a sign-out that rolls back sends nothing and one that commits is
 * delivered even if this instance stops right after.
 */
@Component
class SignOuts {

    record Pending() {
    }

    private record SessionClient(String sid, String clientId, String subject, String issuer) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;
    private final LogoutUris uris;
    private final BackchannelProperties properties;
    private final ApplicationEventPublisher events;

    SignOuts(JdbcClient jdbc, Clock clock, LogoutUris uris, BackchannelProperties properties,
            ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.uris = uris;
        this.properties = properties;
        this.events = events;
    }

    /** The sign-in session with this id (its cookie's value) has ended. */
    void sessionEnded(String signInSessionId) {
        enqueue(jdbc.sql("SELECT sid, client_id, principal_name AS subject, issuer FROM backchannel_sessions WHERE sid = :sid")
                .param("sid", sid(signInSessionId)).query(SessionClient.class).list());
    }

    /** Every sign-in session of the user has ended. */
    void allSessionsEnded(String principalName) {
        enqueue(jdbc.sql("SELECT sid, client_id, principal_name AS subject, issuer FROM backchannel_sessions WHERE principal_name = :p")
                .param("p", principalName).query(SessionClient.class).list());
    }

    private void enqueue(List<SessionClient> clients) {
        Instant now = clock.instant();
        for (SessionClient client : clients) {
            uris.of(client.clientId()).ifPresent(uri -> jdbc.sql("INSERT INTO backchannel_deliveries (id, client_id, "
                            + "logout_uri, issuer, subject, sid, attempts, next_attempt_at, deadline) VALUES (:id, :client, "
                            + ":uri, :issuer, :subject, :sid, 0, :now, :deadline)")
                    .param("id", UUID.randomUUID().toString()).param("client", client.clientId()).param("uri", uri)
                    .param("issuer", client.issuer()).param("subject", client.subject()).param("sid", client.sid())
                    .param("now", Timestamps.utc(now)).param("deadline", Timestamps.utc(now.plus(properties.deadline())))
                    .update());
            jdbc.sql("DELETE FROM backchannel_sessions WHERE sid = :sid AND client_id = :client")
                    .param("sid", client.sid()).param("client", client.clientId()).update();
        }
        if (!clients.isEmpty()) {
            // heard after commit: this instance delivers at once instead of at its next poll
            events.publishEvent(new Pending());
        }
    }

    /** The ID token's {@code sid} for a sign-in session: Spring's hash of the session id. */
    static String sid(String sessionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(sessionId.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
