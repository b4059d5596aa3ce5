package org.roost.identity.user;

import java.util.List;
import java.util.Optional;

import graphql.execution.DataFetcherResult;
import graphql.schema.DataFetchingFieldSelectionSet;
import graphql.schema.SelectedField;
import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.Preloaded;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Siblings;
import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.stereotype.Controller;

/** Users over GraphQL: the same service and rules as {@link UserController}. */
@Controller
class UserGraphQlController {

    static final int MAX_IDS = 100;

    private final UserService users;
    private final List<UserFieldPreload> preloads;

    UserGraphQlController(UserService users, ObjectProvider<UserFieldPreload> preloads) {
        this.users = users;
        this.preloads = preloads.orderedStream().toList();
    }

    @QueryMapping
    @Nullable UserSummary me(Caller caller) {
        caller.requireScope(Scopes.USERS_READ);
        return switch (caller) {
            case Caller.User user -> users.get(user.id());
            case Caller.Client client -> null;
        };
    }

    /**
     * With {@code posts:read} alone a user can be reached for their posts, as REST's {@code GET /users/{id}/posts}
     * allows; every field of the user but its id still needs {@code users:read} (graphql.FieldScopes). A field another
     * module can load in the same statement ({@link UserFieldPreload}: the user's posts) comes with the user.
     */
    @QueryMapping
    DataFetcherResult<@Nullable UserSummary> user(@Argument String id, Caller caller,
            DataFetchingFieldSelectionSet selection) {
        caller.requireAnyScope(Scopes.USERS_READ, Scopes.POSTS_READ);
        var userId = Ids.tryParse(id);
        if (userId.isEmpty()) {
            return DataFetcherResult.<@Nullable UserSummary>newResult().build();
        }
        for (UserFieldPreload preload : preloads) {
            // one selection of the field (an alias asking twice with other arguments loads on its own)
            List<SelectedField> asked = selection.getImmediateFields().stream()
                    .filter(field -> field.getName().equals(preload.field())).limit(2).toList();
            if (asked.size() == 1 && preload.preloads(asked.getFirst().getArguments())) {
                Optional<Preloaded> loaded = preload.load(userId.getAsLong(), asked.getFirst().getArguments());
                return DataFetcherResult.<@Nullable UserSummary>newResult()
                        .data(loaded.map(found -> (UserSummary) found.source()).orElse(null))
                        .localContext(loaded.orElse(null)).build();
            }
        }
        return DataFetcherResult.<@Nullable UserSummary>newResult()
                .data(users.find(userId.getAsLong()).orElse(null)).build();
    }

    @QueryMapping
    @Nullable UserSummary userByUsername(@Argument String username, Caller caller) {
        caller.requireScope(Scopes.USERS_READ);
        return users.findByUsername(username).orElse(null);
    }

    /** One field for a list of people instead of an alias per person, which the alias limit would cap at 15. */
    @QueryMapping
    DataFetcherResult<List<UserSummary>> usersById(@Argument List<String> ids, Caller caller) {
        caller.requireScope(Scopes.USERS_READ);
        if (ids.isEmpty() || ids.size() > MAX_IDS) {
            throw ApiException.invalid("ids", "must name 1 to " + MAX_IDS + " users");
        }
        return listed(users.findAll(ids.stream().map(Ids::tryParse).filter(java.util.OptionalLong::isPresent)
                .map(java.util.OptionalLong::getAsLong).distinct().toList()));
    }

    @QueryMapping
    DataFetcherResult<List<UserSummary>> users(@Argument @Nullable Integer first, @Argument @Nullable String after,
            Caller caller) {
        caller.requireScope(Scopes.USERS_READ);
        return listed(users.page(PageArguments.of(first, after)).items());
    }

    /** The list, with each user told who else is in it: a field of one (its posts) loads for all in one statement. */
    private static DataFetcherResult<List<UserSummary>> listed(List<UserSummary> list) {
        return DataFetcherResult.<List<UserSummary>>newResult().data(list).localContext(new Siblings<>(list)).build();
    }

    @MutationMapping
    UserSummary updateMe(@Argument @Valid UserCommands.UpdateUser input, Caller caller) {
        Caller.User me = caller.requireUser(Scopes.USERS_WRITE);
        return users.update(me.id(), caller, input);
    }

    @SchemaMapping(typeName = "User")
    String createdAt(UserSummary user) {
        return Timestamps.format(user.createdAt());
    }

    @SchemaMapping(typeName = "User")
    @Nullable String avatarUrl(UserSummary user) {
        return user.hasAvatar() ? "/api/v1/users/" + user.id() + "/avatar" : null;
    }

    @SchemaMapping(typeName = "User")
    @Nullable String email(UserSummary user, Caller caller) {
        return UserService.seesEmail(caller, user.id()) ? users.email(user.id()).email() : null;
    }

    @SchemaMapping(typeName = "User")
    @Nullable Boolean emailVerified(UserSummary user, Caller caller) {
        return UserService.seesEmail(caller, user.id()) ? users.email(user.id()).verified() : null;
    }

    /** The field {@code username} superseded; kept, deprecated, for clients written before it. */
    @SchemaMapping(typeName = "User")
    String login(UserSummary user) {
        return user.username();
    }
}
