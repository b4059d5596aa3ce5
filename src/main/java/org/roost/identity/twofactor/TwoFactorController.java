package org.roost.identity.twofactor;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.roost.identity.devices.Devices;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Two-factor settings of one's own account (owner only, {@code users:write}: first-party credentials). */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/two-factor", ApiPaths.UNVERSIONED + "/users/{userId}/two-factor" },
        produces = MediaType.APPLICATION_JSON_VALUE)
class TwoFactorController {

    record Confirmation(@NotNull @Size(max = 256) String currentPassword, @NotBlank @Size(max = 32) String code) {
    }

    record Enrolment(String secret, String otpauthUri, String qrCode) {
    }

    /** A fixed shape, so that the OpenAPI document says so (a map would be a free-form object there). */
    record TwoFactorStatus(boolean enabled, long recoveryCodesLeft) {
    }

    record RecoveryCodes(List<String> recoveryCodes) {
    }

    private final Enrolments enrolments;

    TwoFactorController(Enrolments enrolments) {
        this.enrolments = enrolments;
    }

    @Operation(operationId = "getTwoFactor", summary = "Whether two-factor sign-in is on", tags = "accounts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping
    ResponseEntity<TwoFactorStatus> status(@PathVariable String userId, Caller caller) {
        long id = owner(userId, caller);
        Enrolments.Status status = enrolments.status(id);
        return ResponseEntity.ok(new TwoFactorStatus(status.enabled(), status.recoveryCodesLeft()));
    }

    /** The secret is shown this once: never cached. */
    @Operation(operationId = "startTwoFactor", summary = "Start enrolling an authenticator app (a new secret)", tags = "accounts")
    @Outcomes(errors = { "401", "403", "404", "409" })
    @PostMapping
    ResponseEntity<Enrolment> start(@PathVariable String userId, Caller caller) {
        Enrolments.Started started = enrolments.start(owner(userId, caller));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore())
                .body(new Enrolment(started.secret(), started.otpauthUri(), started.qrCode()));
    }

    @Operation(operationId = "confirmTwoFactor", summary = "Turn two-factor sign-in on with a first code; recovery codes", tags = "accounts")
    @Outcomes(errors = { "400", "401", "403", "404", "409", "429" }, beyondSchema = {
            @Rule(field = "code", rule = "must be the authenticator's current code, not used before"),
            @Rule(field = "current_password", rule = SchemaRules.CURRENT_PASSWORD) })
    @PostMapping(path = "/confirm", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RecoveryCodes> confirm(@PathVariable String userId, @Valid @RequestBody Confirmation body, Caller caller) {
        // Whoever was signed in on one factor alone is then signed out, this device kept (devices.SecondFactorSignOuts)
        List<String> codes = enrolments.confirm(owner(userId, caller), body.currentPassword(), body.code());
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(new RecoveryCodes(codes));
    }

    @Operation(operationId = "disableTwoFactor", summary = "Turn two-factor sign-in off (password and a code)", tags = "accounts")
    @Outcomes(success = "204", errors = { "400", "401", "403", "404", "409", "429" }, beyondSchema = {
            @Rule(field = "code", rule = SchemaRules.SECOND_FACTOR_CODE),
            @Rule(field = "current_password", rule = SchemaRules.CURRENT_PASSWORD) })
    @PostMapping(path = "/disable", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> disable(@PathVariable String userId, @Valid @RequestBody Confirmation body, Caller caller) {
        enrolments.disable(owner(userId, caller), body.currentPassword(), body.code());
        return ResponseEntity.noContent().build();
    }

    private static long owner(String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        return id;
    }
}
