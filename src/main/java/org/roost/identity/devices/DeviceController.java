package org.roost.identity.devices;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

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
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** My devices: where I am signed in, and signing out one of them or all the others (owner only, first-party). */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/devices", ApiPaths.UNVERSIONED + "/users/{userId}/devices" },
        produces = MediaType.APPLICATION_JSON_VALUE)
class DeviceController {

    /**
     * @param kind    {@code session} (a browser's sign-in) or {@code token} (an app's first-party token sign-in)
     * @param current whether this is the device making the request
     */
    record DeviceRepresentation(String id, String kind,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "Absent when the client sent none")
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String userAgent,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String address,
            String createdAt, String lastUsedAt, boolean current) {
    }

    record DeviceList(List<DeviceRepresentation> items) {
    }

    private final Devices devices;

    DeviceController(Devices devices) {
        this.devices = devices;
    }

    @Operation(operationId = "listDevices", summary = "Where the user is signed in (sessions and token families)", tags = "accounts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping
    DeviceList list(@PathVariable String userId, Caller caller, HttpServletRequest request) {
        String current = current(request);
        return new DeviceList(devices.list(owner(userId, caller)).stream().map(d -> new DeviceRepresentation(d.id(),
                d.kind().name().toLowerCase(java.util.Locale.ROOT), d.userAgent(), d.address(),
                Timestamps.format(d.createdAt()), Timestamps.format(d.lastUsedAt()), d.id().equals(current))).toList());
    }

    @Operation(operationId = "signOutDevice", summary = "Sign one device out, on every instance", tags = "accounts")
    @Outcomes(success = "204", errors = { "401", "403", "404", "412" })
    @DeleteMapping("/{deviceId}")
    ResponseEntity<Void> signOut(@PathVariable String userId, @PathVariable String deviceId, Caller caller) {
        devices.signOut(owner(userId, caller), deviceId);
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "signOutOtherDevices", summary = "Sign out every device but this one", tags = "accounts")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @PostMapping("/sign-out-others")
    ResponseEntity<Void> signOutOthers(@PathVariable String userId, Caller caller, HttpServletRequest request) {
        long owner = owner(userId, caller);
        devices.signOutOthersAsked(caller, owner, current(request));
        return ResponseEntity.noContent().build();
    }

    private static long owner(String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        return id;
    }

    private static @Nullable String current(HttpServletRequest request) {
        return Devices.current(request);
    }
}
