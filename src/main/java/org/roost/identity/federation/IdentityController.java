package org.roost.identity.federation;

import java.util.List;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** My sign-in providers: the provider accounts linked to mine, linking another, removing one (owner only). */
@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users/{userId}/identities", ApiPaths.UNVERSIONED + "/users/{userId}/identities" },
        produces = MediaType.APPLICATION_JSON_VALUE)
class IdentityController {

    /**
     * @param provider     the provider's registration id
     * @param providerName what the provider is called here (its id when it is no longer configured)
     * @param email        what the provider said the address was when the link was made, if anything
     */
    record IdentityRepresentation(String id, String provider, String providerName, String issuer, String subject,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String email, String linkedAt) {
    }

    /** @param passwordSet whether the account has a password too (without one, the last link cannot be removed) */
    record IdentityList(List<IdentityRepresentation> items, boolean passwordSet) {
    }

    /** @param provider the registration id of a provider from {@code GET /auth/providers} */
    record LinkRequest(@NotNull @Size(min = 1, max = 100) String provider) {
    }

    /** @param location where the browser goes next (a GET) to sign in at the provider; valid for a few minutes */
    record LinkStart(String location) {
    }

    private final Identities identities;
    private final Providers providers;
    private final Tickets tickets;
    private final org.roost.identity.user.UserService users;

    private final org.roost.platform.stepup.Reauthentication reauthentication;

    IdentityController(Identities identities, Providers providers, Tickets tickets, org.roost.identity.user.UserService users,
            org.roost.platform.stepup.Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.identities = identities;
        this.providers = providers;
        this.tickets = tickets;
        this.users = users;
    }

    @Operation(operationId = "listIdentities", summary = "The providers linked to the user's account", tags = "accounts")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping
    IdentityList list(@PathVariable String userId, Caller caller) {
        long owner = owner(userId, caller);
        return new IdentityList(identities.list(owner).stream().map(i -> new IdentityRepresentation(
                Long.toString(i.id()), i.registrationId(),
                providers.find(i.registrationId()).map(Providers.Provider::name).orElse(i.registrationId()),
                i.issuer(), i.subject(), i.email(), Timestamps.format(i.linkedAt()))).toList(), users.hasPassword(owner));
    }

    /**
     * Starts linking: the answer names where this browser goes to sign in at the provider, whose account is then
     * linked to the caller's. The location works only in the browser that asked: the answer binds it with a cookie.
     */
    @Operation(operationId = "startIdentityLink", summary = "Start linking a provider (the browser goes to the location)", tags = "accounts")
    @Outcomes(errors = { "400", "401", "403", "404", "415" })
    @PostMapping(path = "/link-requests", consumes = MediaType.APPLICATION_JSON_VALUE)
    LinkStart link(@PathVariable String userId, Caller caller, @Valid @RequestBody LinkRequest body,
            HttpServletResponse response) {
        long owner = owner(userId, caller);
        reauthentication.require(caller); // a linked provider signs in without the password, and outlives a reset
        Providers.Provider provider = providers.find(body.provider())
                .orElseThrow(() -> ApiException.notFound("The sign-in provider"));
        String ticket = tickets.issue(Tickets.Kind.LINK, owner, provider.id(), BrowserBinding.LINK.bind(response));
        return new LinkStart(provider.start() + "?link=" + ticket);
    }

    @Operation(operationId = "removeIdentity", summary = "Remove a linked provider (not the last way to sign in)", tags = "accounts")
    @Outcomes(success = "204", errors = { "401", "403", "404", "409" })
    @DeleteMapping("/{identityId}")
    ResponseEntity<Void> remove(@PathVariable String userId, @PathVariable String identityId, Caller caller) {
        long owner = owner(userId, caller);
        identities.remove(owner, Ids.parse(identityId, "The sign-in provider link"));
        return ResponseEntity.noContent().build();
    }

    private static long owner(String userId, Caller caller) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        return id;
    }
}
