package org.roost.session;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.devices.Devices;
import org.roost.user.UserSummary;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.stereotype.Component;

/**
 * Starts a browser session for a user who proved who they are: the one way every session sign-in ends (the JSON
 * login, its second step, and signing in with another provider in package federation), so that all make the same
 * kind of session: a new id, a device row, the {@link SessionUser} principal and a fresh CSRF token.
 */
@Component
public class SessionSignIns {

    private final Devices devices;
    private final HttpSessionSecurityContextRepository contexts;
    private final CookieCsrfTokenRepository csrfTokens;
    private final Clock clock;

    SessionSignIns(Devices devices, HttpSessionSecurityContextRepository contexts, CookieCsrfTokenRepository csrfTokens,
            Clock clock) {
        this.devices = devices;
        this.contexts = contexts;
        this.csrfTokens = csrfTokens;
        this.clock = clock;
    }

    /** The request must be one whose session is the web app's (its cookie), not the authorization server's. */
    public void establish(UserSummary user, boolean rememberMe, HttpServletRequest request, HttpServletResponse response) {
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
    }
}
