package org.roost.platform.operations;

import jakarta.servlet.http.HttpServletRequest;

import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.web.RequestLogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.spi.LoggingEventBuilder;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Writes every {@link SecurityEvent} to the {@code audit} logger, one structured line each (its fields
 * are key-value pairs, so the ECS and Logstash formats carry them as JSON members), and counts it.
 * Events are published on the thread serving the request, which supplies the address and request id.
 */
@Component
class AuditLog {

    static final String LOGGER = "audit";
    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    private final MeterRegistry meters;

    AuditLog(MeterRegistry meters) {
        this.meters = meters;
        // Each series exists from the start (at 0), so a dashboard or an alert on a rate sees it before the first event.
        for (String outcome : new String[] { "success", "failure", "throttled" }) {
            meters.counter("roost.logins", "outcome", outcome);
        }
        meters.counter("roost.logins.throttled");
        meters.counter("roost.tokens.issued", "kind", "first_party");
        meters.counter("roost.tokens.issued", "kind", "oauth");
        meters.counter("roost.tokens.revoked", "reason", "revoked");
        meters.counter("roost.tokens.revoked", "reason", "replay");
    }

    @EventListener
    void on(SecurityEvent event) {
        String address = address();
        String requestId = MDC.get(RequestLogContext.REQUEST_ID);
        LoggingEventBuilder line = log.atInfo().addKeyValue("event", event.kind().name());
        StringBuilder text = new StringBuilder("audit ").append(event.kind());
        add(line, text, "user", event.user());
        add(line, text, "client", event.client());
        add(line, text, "address", address);
        if (requestId != null) {
            // In the text only: as a key-value pair it would be the MDC's request_id a second time, which the
            // JSON formats refuse (the line would be lost).
            text.append(" request_id=").append(requestId);
        }
        event.details().forEach((name, value) -> add(line, text, name, value));
        line.log(text.toString());
        count(event);
    }

    private void count(SecurityEvent event) {
        meters.counter("roost.security.events", "event", event.kind().name().toLowerCase(java.util.Locale.ROOT)).increment();
        switch (event.kind()) {
            case LOGIN_SUCCEEDED -> meters.counter("roost.logins", "outcome", "success").increment();
            case LOGIN_FAILED -> meters.counter("roost.logins", "outcome", "failure").increment();
            case LOGIN_THROTTLED -> {
                meters.counter("roost.logins", "outcome", "throttled").increment();
                meters.counter("roost.logins.throttled").increment();
            }
            case TOKEN_ISSUED, TOKEN_REFRESHED -> meters.counter("roost.tokens.issued",
                    "kind", event.client() == null ? "first_party" : "oauth").increment();
            case TOKEN_REVOKED, REFRESH_TOKEN_REPLAYED -> meters.counter("roost.tokens.revoked",
                    "reason", event.kind() == SecurityEvent.Kind.TOKEN_REVOKED ? "revoked" : "replay").increment();
            case SIGNED_UP, PASSWORD_CHANGED, ACCOUNT_DELETED, CONSENT_GRANTED, CONSENT_DENIED, AUTHORIZATION_REQUEST_PUSHED,
                    DEVICE_AUTHORIZATION_REQUESTED, DEVICE_AUTHORIZATION_ANSWERED, CONSENT_REVOKED, CLIENT_REGISTERED,
                    CLIENT_SECRET_ROTATED, CLIENT_DELETED, BACKCHANNEL_LOGOUT_SENT, BACKCHANNEL_LOGOUT_FAILED,
                    EMAIL_CHANGED, EMAIL_VERIFIED,
                    EMAIL_VERIFICATION_FAILED, PASSWORD_RESET_REQUESTED, PASSWORD_RESET, PASSWORD_RESET_FAILED, TWO_FACTOR_ENABLED,
                    TWO_FACTOR_DISABLED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_FAILED, SECOND_FACTOR_THROTTLED,
                    RECOVERY_CODE_USED, DEVICE_SIGNED_OUT, PASSKEY_ADDED, PASSKEY_RENAMED, PASSKEY_REMOVED -> {
            }
        }
    }

    private static void add(LoggingEventBuilder line, StringBuilder text, String name, @Nullable String value) {
        if (value != null) {
            // A failed login's username is the client's text: no line breaks or escapes reach the log.
            String safe = value.replaceAll("\\p{Cntrl}", "?");
            safe = safe.length() > 200 ? safe.substring(0, 200) : safe;
            line.addKeyValue(name, safe);
            text.append(' ').append(name).append('=').append(safe);
        }
    }

    private static @Nullable String address() {
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
            HttpServletRequest request = attributes.getRequest();
            return request.getRemoteAddr();
        }
        return null;
    }
}
