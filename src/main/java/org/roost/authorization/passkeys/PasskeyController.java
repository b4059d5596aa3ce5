package org.roost.authorization.passkeys;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.openapi.Outcomes;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * My passkeys: list, rename, remove (owner only, first-party). Adding one is the WebAuthn ceremony at
 * {@code /webauthn/register} (docs/api.md, "Passkeys").
 */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/passkeys", ApiPaths.UNVERSIONED + "/users/{userId}/passkeys" },
        produces = MediaType.APPLICATION_JSON_VALUE)
class PasskeyController {

    /** @param id the credential id (base64url), as the authenticator made it */
    record PasskeyRepresentation(String id, String label, String createdAt,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "Absent until it is first used to sign in")
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String lastUsedAt) {
    }

    record PasskeyList(List<PasskeyRepresentation> items) {
    }

    record Rename(@NotBlank @Size(max = PasskeyRelyingParty.LABEL_MAX) String label) {
    }

    private final Passkeys passkeys;

    PasskeyController(Passkeys passkeys) {
        this.passkeys = passkeys;
    }

    @Operation(operationId = "listPasskeys", summary = "The user's passkeys", tags = "accounts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping
    PasskeyList list(@PathVariable String userId, Caller caller) {
        return new PasskeyList(passkeys.list(owner(userId, caller)).stream().map(PasskeyController::view).toList());
    }

    @Operation(operationId = "renamePasskey", summary = "Rename a passkey", tags = "accounts")
    @Outcomes(errors = { "400", "401", "403", "404", "412", "413", "415" })
    @PatchMapping(path = "/{passkeyId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    PasskeyRepresentation rename(@PathVariable String userId, @PathVariable String passkeyId,
            @Valid @RequestBody Rename body, Caller caller) {
        return view(passkeys.rename(owner(userId, caller), passkeyId, body.label().strip()));
    }

    @Operation(operationId = "removePasskey", summary = "Remove a passkey: it no longer signs in", tags = "accounts")
    @Outcomes(success = "204", errors = { "401", "403", "404", "412" })
    @DeleteMapping("/{passkeyId}")
    ResponseEntity<Void> remove(@PathVariable String userId, @PathVariable String passkeyId, Caller caller) {
        passkeys.remove(owner(userId, caller), passkeyId);
        return ResponseEntity.noContent().build();
    }

    private static long owner(String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        return id;
    }

    private static PasskeyRepresentation view(Passkeys.Passkey passkey) {
        return new PasskeyRepresentation(passkey.id(), passkey.label(),
                passkey.created() == null ? "" : Timestamps.format(passkey.created()),
                passkey.lastUsed() == null ? null : Timestamps.format(passkey.lastUsed()));
    }
}
