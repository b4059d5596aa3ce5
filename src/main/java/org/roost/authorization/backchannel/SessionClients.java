package org.roost.authorization.backchannel;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.stereotype.Component;

/**
 * Remembers, as each ID token is signed, that its client holds tokens of the sign-in session its {@code sid}
 * names (Spring puts the sid there: a hash of the sign-in session's id), and says in discovery that back-channel
 * logout is supported. Only clients with a logout URI are remembered: the others are never told.
 */
@Component
class SessionClients implements AuthorizationServerExtension {

    private final JdbcClient jdbc;
    private final Clock clock;
    private final LogoutUris uris;
    private final Duration absoluteTimeout;

    SessionClients(JdbcClient jdbc, Clock clock, LogoutUris uris,
            @Value("${roost.sessions.absolute-timeout}") Duration absoluteTimeout) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.uris = uris;
        this.absoluteTimeout = absoluteTimeout;
    }

    @Override
    public void customizeIdToken(JwtEncodingContext context) {
        Map<String, Object> claims = new HashMap<>();
        context.getClaims().claims(claims::putAll);
        String clientId = context.getRegisteredClient().getClientId();
        if (!(claims.get("sid") instanceof String sid) || !uris.any(clientId)) {
            return;
        }
        String issuer = context.getAuthorizationServerContext().getIssuer();
        try {
            jdbc.sql("INSERT INTO backchannel_sessions (sid, client_id, principal_name, issuer, created_at) "
                            + "SELECT :sid, :client, :principal, :issuer, :now WHERE NOT EXISTS "
                            + "(SELECT 1 FROM backchannel_sessions WHERE sid = :sid AND client_id = :client)")
                    .param("sid", sid).param("client", clientId).param("principal", context.getPrincipal().getName())
                    .param("issuer", issuer).param("now", Timestamps.utc(clock.instant())).update();
        }
        catch (DuplicateKeyException sameTokenAtTheSameTime) {
            // a parallel request of the same session and client wrote it
        }
    }

    /** A sign-in session ends by its absolute timeout at the latest, and its ID tokens came after its start. */
    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT5M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM backchannel_sessions WHERE created_at < :before")
                .param("before", Timestamps.utc(clock.instant().minus(absoluteTimeout))).update();
    }

    @Override
    public void describe(String issuer, Map<String, Object> metadata) {
        metadata.put("backchannel_logout_supported", true);
        metadata.put("backchannel_logout_session_supported", true);
    }
}
