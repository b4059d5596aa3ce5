package org.roost.session;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.devices.Devices;
import org.roost.user.UserRepresentation;
import org.roost.user.UserService;
import org.roost.user.UserSummary;
import org.roost.web.ApiPaths;
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
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                new SessionUser(user.id(), user.username(), clock.instant()), null,
                List.of(new SimpleGrantedAuthority("ROLE_USER"))));
        SecurityContextHolder.setContext(context);
        contexts.saveContext(context, request, response);
        csrfTokens.saveToken(csrfTokens.generateToken(request), request, response);
        return UserRepresentation.ofOwner(user, users.email(user.id()), ApiPaths.V1);
    }
}
