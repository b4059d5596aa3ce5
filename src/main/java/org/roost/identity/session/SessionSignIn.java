package org.roost.identity.session;

import org.roost.identity.user.UserEvents;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.identity.devices.Devices;
import org.roost.identity.user.UserRepresentation;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.roost.platform.web.ApiPaths;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.stereotype.Component;

/**
 * Turns a proven user into a signed-in browser session, whatever proved them (a password, a password and a code,
 * a passkey): a new session, a device row, the session principal and a new CSRF token.
 */
@Component
public class SessionSignIn {

    private static final String REMEMBERED = "roost.remember-me";

    private final UserService users;
    private final Devices devices;
    private final HttpSessionSecurityContextRepository contexts;
    private final CookieCsrfTokenRepository csrfTokens;
    private final Clock clock;

    SessionSignIn(UserService users, Devices devices, HttpSessionSecurityContextRepository contexts,
            CookieCsrfTokenRepository csrfTokens, Clock clock) {
        this.users = users;
        this.devices = devices;
        this.contexts = contexts;
        this.csrfTokens = csrfTokens;
        this.clock = clock;
    }

    /** Signs {@code user} in on this browser and answers what the login endpoints answer: the owner's view of the user. */
    public UserRepresentation establish(UserSummary user, boolean rememberMe, HttpServletRequest request,
            HttpServletResponse response) {
        return establish(user, rememberMe, true, request, response);
    }

    /**
     * @param verified whether this sign-in proved the user in full (a password, a code, a provider, a passkey that
     *                 verified them), which a sensitive change within the re-authentication window may rely on
     */
    public UserRepresentation establish(UserSummary user, boolean rememberMe, boolean verified,
            HttpServletRequest request, HttpServletResponse response) {
        // A new session at every login: an id planted before login (session fixation) is worthless.
        HttpSession old = request.getSession(false);
        if (old != null) {
            old.invalidate();
        }
        HttpSession session = request.getSession(true);
        String device = UUID.randomUUID().toString();
        devices.register(device, user.id(), Devices.Kind.SESSION, request.getHeader("User-Agent"), request.getRemoteAddr());
        session.setAttribute(Devices.SESSION_ATTRIBUTE, device);
        // its use was just written (register): the next request within a minute writes nothing
        session.setAttribute(SessionValidationFilter.DEVICE_TOUCHED, clock.instant().toEpochMilli());
        if (rememberMe) {
            request.setAttribute(SessionCookieSerializer.REMEMBER_ME, Boolean.TRUE);
            session.setAttribute(REMEMBERED, Boolean.TRUE); // kept when the session is signed in again (a new password)
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                new SessionUser(user.id(), user.username(), clock.instant(), verified ? clock.instant() : null), null,
                List.of(new SimpleGrantedAuthority("ROLE_USER"))));
        SecurityContextHolder.setContext(context);
        contexts.saveContext(context, request, response);
        csrfTokens.saveToken(csrfTokens.generateToken(request), request, response);
        return UserRepresentation.ofOwner(user, users.email(user.id()), ApiPaths.V1);
    }

    /**
     * A password changed through this browser's session keeps the person signed in here: every credential ended with
     * the change (UserEvents.CredentialsRevoked, published first), and this session is signed in again, as a new one
     * (a new id and device; the old device row was signed out with the rest). Other browsers and apps stay signed out.
     * After the commit: a change that rolled back ends nothing and renews nothing.
     */
    @TransactionalEventListener(fallbackExecution = true)
    void on(UserEvents.PasswordChanged changed) {
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)
                || attributes.getResponse() == null) {
            return;
        }
        var current = SecurityContextHolder.getContext().getAuthentication();
        if (current == null || !(current.getPrincipal() instanceof SessionUser user) || user.id() != changed.userId()) {
            return;
        }
        HttpSession session = attributes.getRequest().getSession(false);
        boolean remembered = session != null && Boolean.TRUE.equals(session.getAttribute(REMEMBERED));
        establish(users.get(user.id()), remembered, true, attributes.getRequest(), attributes.getResponse());
    }

    /**
     * Records in this request's session that its user just proved who they are again (stepup.Reauthentication).
     * The session id stays: nothing about who is signed in changed.
     *
     * @return false when the request has no signed-in session
     */
    public boolean markVerified(HttpServletRequest request, HttpServletResponse response) {
        var current = SecurityContextHolder.getContext().getAuthentication();
        if (current == null || !(current.getPrincipal() instanceof SessionUser user) || request.getSession(false) == null) {
            return false;
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user.verified(clock.instant()), null,
                current.getAuthorities()));
        SecurityContextHolder.setContext(context);
        contexts.saveContext(context, request, response);
        return true;
    }
}
