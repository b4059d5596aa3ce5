package org.roost.identity.recovery;


import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.roost.platform.web.ApiPaths;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** "Forgot password" and setting a new one through the mailed link; neither needs a credential. */
@RestController
class PasswordResetController {

    /** @param login a username or an email address */
    /** A fixed shape, so that the OpenAPI document says so (a map would be a free-form object there). */
    record Accepted(String message) {
    }

    record ResetRequest(@NotBlank @Size(max = 254) String login) {
    }

    record ResetCompletion(@NotBlank @Size(max = 256) String token, @NotNull @Size(min = 8, max = 256) String password) {
    }

    static final String ANSWER = "If an account matches and has a verified email address, a link to set a new "
            + "password has been mailed to it.";

    private final PasswordResets resets;

    PasswordResetController(PasswordResets resets) {
        this.resets = resets;
    }

    @Operation(operationId = "requestPasswordReset", summary = "Ask for a link to set a new password", tags = "accounts")
    @Outcomes(success = "202", errors = { "400", "415", "429" }, open = true)
    @PostMapping(path = { ApiPaths.V1 + "/password-resets", ApiPaths.UNVERSIONED + "/password-resets" },
            consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Accepted> request(@Valid @RequestBody ResetRequest body, HttpServletRequest request) {
        resets.request(body.login(), request.getRemoteAddr());
        return ResponseEntity.accepted().body(new Accepted(ANSWER));
    }

    @Operation(operationId = "resetPassword", summary = "Set a new password through a mailed link", tags = "accounts")
    @Outcomes(success = "204", errors = { "400", "415" }, open = true, beyondSchema = {
            @Rule(field = "token", rule = "must be an unused, unexpired reset link's token") })
    @PostMapping(path = { ApiPaths.V1 + "/password-resets/complete", ApiPaths.UNVERSIONED + "/password-resets/complete" },
            consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> complete(@Valid @RequestBody ResetCompletion body) {
        resets.complete(body.token(), body.password());
        return ResponseEntity.noContent().build();
    }
}
