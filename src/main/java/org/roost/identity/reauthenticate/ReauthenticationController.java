package org.roost.identity.reauthenticate;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.identity.session.SessionSignIn;
import org.roost.identity.session.SessionUser;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Re-authenticating a signed-in session in place, for a sensitive change refused with
 * {@code REAUTHENTICATION_REQUIRED}: the password, and a code when two-factor sign-in is on, as a sign-in would ask.
 * Tokens re-authenticate by signing in again ({@code POST /auth/token}): a token cannot be changed after it is minted.
 */
@RestController
class ReauthenticationController {

    /** @param code a code of the authenticator app or a recovery code; required when two-factor sign-in is on */
    record Reauthenticate(@NotNull @Size(max = 256) String password, @Nullable @Size(max = 32) String code) {
    }

    private final SecondFactors secondFactors;
    private final UserService users;
    private final SessionSignIn sessions;
    private final ApplicationEventPublisher events;

    ReauthenticationController(SecondFactors secondFactors, UserService users, SessionSignIn sessions,
            ApplicationEventPublisher events) {
        this.secondFactors = secondFactors;
        this.users = users;
        this.sessions = sessions;
        this.events = events;
    }

    @Operation(operationId = "reauthenticate", summary = "Confirm it is you (a sensitive change's REAUTHENTICATION_REQUIRED)", tags = "auth")
    @Outcomes(success = "204", errors = { "400", "401", "403", "415", "429" }, beyondSchema = {
            @Rule(field = "code", rule = "needed when two-factor sign-in is on: the authenticator's current code or an unused recovery code"),
            @Rule(field = "password", rule = SchemaRules.CURRENT_PASSWORD) })
    @PostMapping(path = "/auth/reauthenticate", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> reauthenticate(@Valid @RequestBody Reauthenticate body, Caller caller,
            HttpServletRequest request, HttpServletResponse response) {
        long id = switch (caller) {
            case Caller.User user -> user.id();
            case Caller.Client client -> throw ApiException.forbidden("A client acting for itself has no user to confirm.");
        };
        if (!(SecurityContextHolder.getContext().getAuthentication().getPrincipal() instanceof SessionUser)) {
            throw ApiException.forbidden("Only a browser session re-authenticates here; with tokens, sign in again "
                    + "(POST /auth/token) for a token that carries a new auth_time.");
        }
        if (!users.hasPassword(id)) {
            throw ApiException.invalid("password", "cannot be checked: the account has no password; sign in again "
                    + "with your provider or a passkey");
        }
        if (!users.passwordMatches(id, body.password())) {
            throw ApiException.invalid("password", "must be your current password");
        }
        if (secondFactors.enabled(id)) {
            if (body.code() == null || body.code().isBlank()) {
                throw ApiException.invalid("code", "is required: two-factor sign-in is on");
            }
            secondFactors.verify(id, body.code());
        }
        sessions.markVerified(request, response);
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.REAUTHENTICATED, id));
        return ResponseEntity.noContent().build();
    }
}
