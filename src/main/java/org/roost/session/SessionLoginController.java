package org.roost.session;

import java.time.Clock;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import jakarta.validation.Valid;

import org.roost.devices.Devices;
import org.roost.login.LoginRequest;
import org.roost.login.PasswordLogins;
import org.roost.user.UserRepresentation;
import org.jspecify.annotations.Nullable;
import org.roost.shared.SecurityEvent;
import org.roost.twofactor.SecondFactorLogin;
import org.roost.twofactor.SecondFactors;
import org.roost.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.roost.user.UserSummary;
import org.roost.web.ApiPaths;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** JSON login and logout for session clients (browsers and same-origin apps). */
@RestController
class SessionLoginController {

    private final PasswordLogins logins;
    private final UserService users;
    private final SecondFactors secondFactors;
    private final ApplicationEventPublisher events;
    private final Devices devices;
    private final HttpSessionSecurityContextRepository contexts;
    private final CookieCsrfTokenRepository csrfTokens;
    private final Clock clock;

    SessionLoginController(PasswordLogins logins, UserService users, SecondFactors secondFactors,
            ApplicationEventPublisher events, Devices devices, HttpSessionSecurityContextRepository contexts,
            CookieCsrfTokenRepository csrfTokens, Clock clock) {
        this.devices = devices;
        this.logins = logins;
        this.users = users;
        this.secondFactors = secondFactors;
        this.events = events;
        this.contexts = contexts;
        this.csrfTokens = csrfTokens;
        this.clock = clock;
    }

    @PostMapping(path = "/login", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    UserRepresentation login(@Valid @RequestBody LoginRequest login, HttpServletRequest request,
            HttpServletResponse response) {
        UserSummary user = logins.authenticate(login.username(), login.password(), request.getRemoteAddr());
        return establish(user, login.rememberMe(), request, response);
    }

    /** The second step of {@link #login} for a user with two-factor sign-in on (docs/api.md, "Two-factor sign-in"). */
    @PostMapping(path = "/login/second-factor", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    UserRepresentation secondFactor(@Valid @RequestBody SecondFactorLogin body, HttpServletRequest request,
            HttpServletResponse response) {
        SecondFactors.Completed done = secondFactors.complete(body.stepToken(), body.code());
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED, done.userId()));
        return establish(users.get(done.userId()), body.rememberMe(), request, response);
    }

    private UserRepresentation establish(UserSummary user, @Nullable Boolean rememberMe, HttpServletRequest request,
            HttpServletResponse response) {
        // A new session at every login: an id planted before login (session fixation) is worthless.
        HttpSession old = request.getSession(false);
        if (old != null) {
            old.invalidate();
        }
        HttpSession session = request.getSession(true);
        String device = java.util.UUID.randomUUID().toString();
        devices.register(device, user.id(), Devices.Kind.SESSION, request.getHeader("User-Agent"), request.getRemoteAddr());
        session.setAttribute(Devices.SESSION_ATTRIBUTE, device);
        // its use was just written (register): the next request within a minute writes nothing
        session.setAttribute(SessionValidationFilter.DEVICE_TOUCHED, clock.instant().toEpochMilli());
        if (Boolean.TRUE.equals(rememberMe)) {
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

    @PostMapping("/logout")
    ResponseEntity<Void> logout(HttpServletRequest request, HttpServletResponse response) {
        if (SecurityContextHolder.getContext().getAuthentication() != null
                && SecurityContextHolder.getContext().getAuthentication().getPrincipal() instanceof SessionUser user) {
            events.publishEvent(new SessionEvents.SignedOut(user.id()));
        }
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
        SecurityContextHolder.clearContext();
        csrfTokens.saveToken(null, request, response);
        return ResponseEntity.noContent().build();
    }
}
