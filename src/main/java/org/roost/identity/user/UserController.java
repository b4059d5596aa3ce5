package org.roost.identity.user;

import java.net.URI;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ListBody;
import org.roost.platform.web.Lists;
import org.roost.platform.web.Preconditions;
import org.roost.platform.openapi.Outcomes;
import org.roost.platform.openapi.Outcomes.Rule;
import org.roost.platform.openapi.SchemaRules;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = { ApiPaths.V1 + "/users", ApiPaths.UNVERSIONED + "/users" }, produces = "application/json")
class UserController {

    private final UserService users;
    private final Preconditions preconditions;

    UserController(UserService users, Preconditions preconditions) {
        this.users = users;
        this.preconditions = preconditions;
    }

    @Operation(operationId = "listUsers", summary = "List users", tags = "users")
    @Outcomes(errors = { "400", "401", "403" }, beyondSchema = { @Rule(field = "after", rule = SchemaRules.CURSOR) })
    @GetMapping
    ResponseEntity<ListBody<UserRepresentation>> list(@RequestParam(required = false) @Nullable Integer limit,
            @RequestParam(required = false) @Nullable String after,
            @Parameter(description = "People search: only the users whose username or name contains this text, ignoring "
                    + "case (matched literally: no wildcards), still in id order. Spaces at either end are ignored.",
                    schema = @Schema(type = "string", minLength = 1, maxLength = SearchText.MAX_LENGTH, pattern = "[\\s\\S]*\\S[\\s\\S]*"))
            @RequestParam(required = false) @Nullable String q, Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        String prefix = ApiPaths.prefix(request);
        PageRequest page = PageRequest.of(limit, after);
        return Lists.ok(request, (q == null ? users.page(page) : users.search(SearchText.parse(q).text(), page))
                .map(u -> UserRepresentation.of(u, prefix)));
    }

    @Operation(operationId = "createUser", summary = "Sign up", tags = "users")
    @Outcomes(success = "201", errors = { "400", "409", "415" }, open = true, beyondSchema = {
            @Rule(field = "email", rule = SchemaRules.NFC),
            @Rule(field = "name", rule = SchemaRules.NAME) })
    @PostMapping(consumes = "application/json")
    ResponseEntity<UserRepresentation> signUp(@Valid @RequestBody UserCommands.SignUp command, HttpServletRequest request) {
        UserSummary user = users.signUp(command);
        // The answer goes to whoever typed the address: it is theirs to see.
        UserRepresentation created = UserRepresentation.ofOwner(user, users.email(user.id()), ApiPaths.prefix(request));
        return ResponseEntity.created(URI.create(created.links().get("self"))).body(created);
    }

    @Operation(operationId = "getUser", summary = "Get a user", tags = "users")
    @Outcomes(errors = { "401", "403", "404" })
    @GetMapping("/{userId}")
    UserRepresentation get(@PathVariable String userId, Caller caller, HttpServletRequest request) {
        caller.requireScope(Scopes.USERS_READ);
        return read(Ids.parse(userId, "The user"), caller, request);
    }

    @Operation(operationId = "updateUser", summary = "Update a user (name, password, email address)", tags = "users")
    @Outcomes(errors = { "400", "401", "403", "404", "412", "413", "415" }, beyondSchema = {
            @Rule(field = "current_password", rule = "must be the user's current password, when the password or email address changes"),
            @Rule(field = "email", rule = SchemaRules.NFC),
            @Rule(field = "name", rule = SchemaRules.NAME) })
    @PatchMapping(path = "/{userId}", consumes = { "application/json", "application/merge-patch+json" })
    UserRepresentation update(@PathVariable String userId, @Valid @RequestBody UserCommands.UpdateUser command,
            Caller caller, HttpServletRequest request) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        preconditions.checkIfMatch(request, () -> read(id, caller, request));
        return represent(users.update(id, caller, command), caller, request);
    }

    @Operation(operationId = "deleteUser", summary = "Delete a user and their data", tags = "users")
    @Outcomes(success = "204", errors = { "401", "403", "404", "412" })
    @DeleteMapping("/{userId}")
    ResponseEntity<Void> delete(@PathVariable String userId, Caller caller, HttpServletRequest request) {
        long id = Ids.parse(userId, "The user");
        caller.requireOwner(id, Scopes.USERS_WRITE);
        preconditions.checkIfMatch(request, () -> read(id, caller, request));
        users.delete(id, caller);
        return ResponseEntity.noContent().build();
    }

    /** The user as this caller sees them, in one statement: for the user themself, the address comes with the row. */
    private UserRepresentation read(long id, Caller caller, HttpServletRequest request) {
        if (UserService.seesEmail(caller, id)) {
            UserWithEmail own = users.getWithEmail(id);
            return UserRepresentation.ofOwner(own.user(), own.email(), ApiPaths.prefix(request));
        }
        return UserRepresentation.of(users.get(id), ApiPaths.prefix(request));
    }

    private UserRepresentation represent(UserSummary user, Caller caller, HttpServletRequest request) {
        return UserService.seesEmail(caller, user.id())
                ? UserRepresentation.ofOwner(user, users.email(user.id()), ApiPaths.prefix(request))
                : UserRepresentation.of(user, ApiPaths.prefix(request));
    }
}
