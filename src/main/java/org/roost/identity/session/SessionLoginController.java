package org.roost.identity.session;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import jakarta.validation.Valid;

import org.roost.identity.login.LoginRequest;
import org.roost.identity.login.PasswordLogins;
import org.roost.identity.user.UserRepresentation;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactorLogin;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.roost.identity.user.UserSummary;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.context.SecurityContextHolder;
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
    private final SessionSignIn signIn;
    private final CookieCsrfTokenRepository csrfTokens;

    SessionLoginController(PasswordLogins logins, UserService users, SecondFactors secondFactors,
            ApplicationEventPublisher events, SessionSignIn signIn, CookieCsrfTokenRepository csrfTokens) {
        this.logins = logins;
        this.users = users;
        this.secondFactors = secondFactors;
        this.events = events;
        this.signIn = signIn;
        this.csrfTokens = csrfTokens;
    }

    @Operation(operationId = "logIn", summary = "Log in with a session cookie (SECOND_FACTOR_REQUIRED: see /login/second-factor)", tags = "auth")
    @Outcomes(errors = { "400", "401", "415", "429" }, open = true)
    @PostMapping(path = "/login", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    UserRepresentation login(@Valid @RequestBody LoginRequest login, HttpServletRequest request,
            HttpServletResponse response) {
        UserSummary user = logins.authenticate(login.username(), login.password(), request.getRemoteAddr());
        return establish(user, login.rememberMe(), request, response);
    }

    /** The second step of {@link #login} for a user with two-factor sign-in on (docs/api.md, "Two-factor sign-in"). */
    @Operation(operationId = "logInSecondFactor", summary = "Finish a session login with a second factor", tags = "auth")
    @Outcomes(errors = { "400", "415", "429" }, open = true, beyondSchema = {
            @Rule(field = "code", rule = SchemaRules.SECOND_FACTOR_CODE),
            @Rule(field = "step_token", rule = SchemaRules.STEP_TOKEN) })
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
        return signIn.establish(user, Boolean.TRUE.equals(rememberMe), request, response);
    }

    @Operation(operationId = "logOut", summary = "End the session", tags = "auth")
    @Outcomes(success = "204", errors = { "403" })
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
