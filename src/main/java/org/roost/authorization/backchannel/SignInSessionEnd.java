package org.roost.authorization.backchannel;

import java.util.Arrays;
import java.util.Optional;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;

import org.roost.authorization.signinsession.SignInSessions;
import org.roost.identity.devices.DeviceEvents;
import org.roost.identity.session.SessionEvents;
import org.roost.identity.user.UserEvents;
import org.springframework.context.event.EventListener;
import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The ways a person's sign-in session at the authorization server ends, each queuing the logout tokens for it:
 * RP-initiated logout, the web app's sign-out (which also ends the same browser's sign-in session), signing out
 * every other device, and a new password or a deleted account (every session).
 */
@Component
class SignInSessionEnd {

    /** The authorization server's session cookie (its value is the session id, not encoded). */

    private final SignOuts signOuts;
    private final SessionRegistry registry;
    private final SessionRepository<?> sessions;
    private final TransactionTemplate transactions;

    SignInSessionEnd(SignOuts signOuts, SessionRegistry registry, SessionRepository<?> sessions,
            TransactionTemplate transactions) {
        this.signOuts = signOuts;
        this.registry = registry;
        this.sessions = sessions;
        this.transactions = transactions;
    }

    /** One sign-in session ends (its own invalidation is the caller's). */
    void end(String sessionId) {
        transactions.executeWithoutResult(status -> {
            signOuts.sessionEnded(sessionId);
            registry.removeSessionInformation(sessionId);
        });
    }

    /** Published in the transaction that revokes every credential: the logout tokens commit with it. */
    @EventListener
    void on(UserEvents.CredentialsRevoked event) {
        signOuts.allSessionsEnded(Long.toString(event.userId()));
    }

    @EventListener
    void on(DeviceEvents.OthersSignedOut event) {
        String user = Long.toString(event.userId());
        registry.getAllSessions(user, true).stream().map(SessionInformation::getSessionId).forEach(id -> {
            sessions.deleteById(id);
            registry.removeSessionInformation(id);
        });
        signOuts.allSessionsEnded(user);
    }

    @EventListener
    void on(SessionEvents.SignedOut event) {
        signInSessionOfThisBrowser().filter(id -> {
            SessionInformation info = registry.getSessionInformation(id);
            return info != null && Long.toString(event.userId()).equals(String.valueOf(info.getPrincipal()));
        }).ifPresent(id -> {
            sessions.deleteById(id);
            end(id);
        });
    }

    private static Optional<String> signInSessionOfThisBrowser() {
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)) {
            return Optional.empty();
        }
        HttpServletRequest request = attributes.getRequest();
        Cookie[] cookies = request.getCookies();
        return cookies == null ? Optional.empty() : Arrays.stream(cookies)
                .filter(cookie -> SignInSessions.COOKIE_NAME.equals(cookie.getName())).map(Cookie::getValue)
                .filter(value -> !value.isBlank()).findFirst();
    }
}
