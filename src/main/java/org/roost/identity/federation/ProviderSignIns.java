package org.roost.identity.federation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

import jakarta.servlet.http.HttpSession;

import org.springframework.stereotype.Component;

/**
 * Hands a provider sign-in that began on the authorization server's sign-in page back to that page's package: both
 * run on the same (sign-in) session, so the user's id waits in it for a moment and that package starts its own kind
 * of sign-in session from it, then resumes the pending authorization request.
 */
@Component
public class ProviderSignIns {

    /** Where the sign-in page's package takes over (a GET on the sign-in session). */
    public static final String CONTINUE_PATH = "/signin/provider";

    private static final String ATTRIBUTE = ProviderSignIns.class.getName() + ".USER";
    private static final Duration LIFETIME = Duration.ofMinutes(2);

    private final Clock clock;

    ProviderSignIns(Clock clock) {
        this.clock = clock;
    }

    void handOver(HttpSession session, long userId) {
        session.setAttribute(ATTRIBUTE, userId + ":" + clock.millis());
    }

    /** The user who just signed in with a provider in this session, once. */
    public OptionalLong take(HttpSession session) {
        Object value = session.getAttribute(ATTRIBUTE);
        session.removeAttribute(ATTRIBUTE);
        if (!(value instanceof String text) || text.indexOf(':') < 0) {
            return OptionalLong.empty();
        }
        Instant at = Instant.ofEpochMilli(Long.parseLong(text.substring(text.indexOf(':') + 1)));
        return at.plus(LIFETIME).isBefore(clock.instant()) ? OptionalLong.empty()
                : OptionalLong.of(Long.parseLong(text.substring(0, text.indexOf(':'))));
    }
}
