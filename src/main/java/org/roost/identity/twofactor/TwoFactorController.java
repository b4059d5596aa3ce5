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
    private final Devices devices;

    TwoFactorController(Enrolments enrolments, Devices devices) {
        this.enrolments = enrolments;
        this.devices = devices;
    }

    @GetMapping
    ResponseEntity<TwoFactorStatus> status(@PathVariable String userId, Caller caller) {
        long id = owner(userId, caller);
        Enrolments.Status status = enrolments.status(id);
        return ResponseEntity.ok(new TwoFactorStatus(status.enabled(), status.recoveryCodesLeft()));
    }

    /** The secret is shown this once: never cached. */
    @PostMapping
    ResponseEntity<Enrolment> start(@PathVariable String userId, Caller caller) {
        Enrolments.Started started = enrolments.start(owner(userId, caller));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore())
                .body(new Enrolment(started.secret(), started.otpauthUri(), started.qrCode()));
    }

    @PostMapping(path = "/confirm", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RecoveryCodes> confirm(@PathVariable String userId, @Valid @RequestBody Confirmation body, Caller caller,
            jakarta.servlet.http.HttpServletRequest request) {
        long id = owner(userId, caller);
        List<String> codes = enrolments.confirm(id, body.currentPassword(), body.code());
        // As a new password does: whoever was signed in on one factor alone is signed out (this device stays).
        devices.signOutOthers(id, Devices.current(request));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(new RecoveryCodes(codes));
    }

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
