package org.roost.graphql;

import graphql.execution.ExecutionStepInfo;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.language.OperationDefinition;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLObjectType;

import org.jspecify.annotations.Nullable;
import org.roost.shared.ApiException;
import org.roost.shared.Caller;
import org.roost.shared.ErrorCode;
import org.roost.shared.Scopes;
import org.springframework.stereotype.Component;

/**
 * The read scopes as one rule on the types rather than on each resolver, so a field added later
 * cannot forget them: every field of a {@code User} but its id needs {@code users:read} (its
 * {@code posts} need {@code posts:read}), every field of a {@code Post} but its id needs
 * {@code posts:read}, however the object was reached ({@code post { author { followers } }} too).
 * Root fields keep the checks of their resolvers, which are the services' rules REST uses. The
 * object a mutation returns is covered by the mutation's own scope, as REST answers a write with
 * the written resource; anything nested deeper follows the rule again.
 */
@Component
class FieldScopes extends SimplePerformantInstrumentation {

    static @Nullable String requiredScope(String type, String field) {
        if (field.equals("id") || field.startsWith("__")) {
            return null;
        }
        return switch (type) {
            case "User" -> field.equals("posts") ? Scopes.POSTS_READ : Scopes.USERS_READ;
            case "Post" -> Scopes.POSTS_READ;
            default -> null;
        };
    }

    @Override
    public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> fetcher, InstrumentationFieldFetchParameters parameters,
            InstrumentationState state) {
        ExecutionStepInfo step = parameters.getExecutionStepInfo();
        if (!(step.getObjectType() instanceof GraphQLObjectType parent)) {
            return fetcher;
        }
        String scope = requiredScope(parent.getName(), step.getFieldDefinition().getName());
        boolean mutationResult = parameters.getExecutionContext().getOperationDefinition().getOperation()
                == OperationDefinition.Operation.MUTATION && step.getPath().getLevel() == 2;
        if (scope == null || mutationResult) {
            return fetcher;
        }
        return environment -> {
            Caller caller = environment.getGraphQlContext().get(ContextKeys.CALLER);
            if (caller == null) {
                throw new ApiException(ErrorCode.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED.defaultMessage());
            }
            caller.requireScope(scope);
            return fetcher.get(environment);
        };
    }
}
