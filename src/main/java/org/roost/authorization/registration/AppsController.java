package org.roost.authorization.registration;

import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The developer console's API: the signed-in person's own apps (OAuth clients). It acts as the person, with the
 * {@code users:write} scope (first-party credentials have it; apps are not given it), so no app can register
 * further apps for someone.
 */
@RestController
@RequestMapping(path = ApiPaths.V1 + "/apps", produces = "application/json")
class AppsController {

    /** An app to register. {@code type} is {@code public} (no secret: a browser or mobile app) or {@code confidential}. */
    record NewApp(@Nullable String name, @Nullable List<@Nullable String> redirectUris, @Nullable String type,
            @Nullable List<@Nullable String> scopes) {
    }

    /** An app as its owner sees it; {@code client_secret} only in the answer that created or rotated it. */
    record AppView(String clientId, String name, String type, Set<String> redirectUris, Set<String> scopes,
            String createdAt, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String clientSecret) {

        static AppView of(Apps.App app) {
            return new AppView(app.clientId(), app.name(), app.confidential() ? "confidential" : "public",
                    app.redirectUris(), app.scopes(), Timestamps.format(app.createdAt()), app.secret());
        }
    }

    record AppList(List<AppView> items) {
    }

    private final Apps apps;

    AppsController(Apps apps) {
        this.apps = apps;
    }

    @Operation(operationId = "registerApp", summary = "Register an app (an OAuth client) of your own", tags = "apps")
    @Outcomes(success = "201", errors = { "400", "401", "403", "409", "413", "415" }, beyondSchema = {
            @Rule(field = "name", rule = "1 to 100 characters"),
            @Rule(field = "redirect_uris", rule = "each https, or http on a loopback address; no fragment, wildcard or "
                    + "user information (docs/api.md, \"Client registration\")"),
            @Rule(field = "scopes", rule = "some of the scopes an app may have"),
            @Rule(field = "type", rule = "public or confidential") })
    @PostMapping(consumes = "application/json")
    ResponseEntity<AppView> registerApp(@RequestBody NewApp app, Caller caller) {
        // Members left out (or null) are refused by the same rules as wrong ones, never a 500
        boolean confidential = switch (app.type() == null ? "" : app.type()) {
            case "confidential" -> true;
            case "public" -> false;
            default -> throw org.roost.platform.shared.ApiException.invalid("type", "must be public or confidential");
        };
        AppView created = AppView.of(apps.register(caller, app.name() == null ? "" : app.name(),
                present(app.redirectUris(), "redirect_uris"), confidential, present(app.scopes(), "scopes")));
        return ResponseEntity.created(java.net.URI.create(ApiPaths.V1 + "/apps/" + created.clientId()))
                .header("Cache-Control", "no-store").body(created);
    }

    @Operation(operationId = "getApp", summary = "Get one of your apps", tags = "apps")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping("/{app}")
    AppView getApp(@PathVariable("app") String clientId, Caller caller) {
        return AppView.of(apps.get(caller.requireUser(Scopes.USERS_WRITE).id(), clientId));
    }

    @Operation(operationId = "listApps", summary = "List your apps", tags = "apps")
    @Outcomes(errors = { "401", "403" })
    @GetMapping
    AppList listApps(Caller caller) {
        return new AppList(apps.list(caller.requireUser(Scopes.USERS_WRITE).id()).stream().map(AppView::of).toList());
    }

    @Operation(operationId = "rotateAppSecret", summary = "Replace your app's secret", tags = "apps")
    @Outcomes(errors = { "401", "403", "404", "409" })
    @PostMapping("/{app}/secret")
    ResponseEntity<AppView> rotateAppSecret(@PathVariable("app") String clientId, Caller caller) {
        return ResponseEntity.ok().header("Cache-Control", "no-store").body(AppView.of(apps.rotateSecret(caller, clientId)));
    }

    @Operation(operationId = "deleteApp", summary = "Delete your app and what it was granted", tags = "apps")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @DeleteMapping("/{app}")
    ResponseEntity<Void> deleteApp(@PathVariable("app") String clientId, Caller caller) {
        apps.delete(caller.requireUser(Scopes.USERS_WRITE).id(), clientId);
        return ResponseEntity.noContent().build();
    }

    private static List<String> present(@Nullable List<@Nullable String> values, String field) {
        if (values == null) {
            return List.of();
        }
        if (values.contains(null)) {
            throw org.roost.platform.shared.ApiException.invalid(field, "must not contain null");
        }
        @SuppressWarnings("nullness") // checked just above
        List<String> checked = List.copyOf(values);
        return checked;
    }
}
