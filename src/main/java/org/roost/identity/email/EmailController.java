package org.roost.identity.email;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Following a mailed link (no credential needed: the link is the proof) and asking for a new one. The address
 * itself is set through the user's profile ({@code PATCH /users/{id}}).
 */
@RestController
class EmailController {

    record Verification(@NotBlank @Size(max = 256) String token) {
    }

    private final EmailVerifications verifications;

    EmailController(EmailVerifications verifications) {
        this.verifications = verifications;
    }

    @Operation(operationId = "verifyEmail", summary = "Follow a link that proves an email address", tags = "accounts")
    @Outcomes(success = "204", errors = { "400", "409", "415" }, open = true, beyondSchema = {
            @Rule(field = "token", rule = "must be an unused, unexpired link's token, to the user's current address") })
    @PostMapping(path = { ApiPaths.V1 + "/email-verifications", ApiPaths.UNVERSIONED + "/email-verifications" },
            consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> verify(@Valid @RequestBody Verification body) {
        verifications.verify(body.token());
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "resendEmailVerification", summary = "Mail a new link to the user's unproven address", tags = "accounts")
    @Outcomes(success = "202", errors = { "401", "403", "404", "409", "429" })
    @PostMapping(path = { ApiPaths.V1 + "/users/{userId}/email-verifications",
            ApiPaths.UNVERSIONED + "/users/{userId}/email-verifications" })
    ResponseEntity<Void> resend(@PathVariable String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        verifications.resend(id);
        return ResponseEntity.accepted().build();
    }
}
