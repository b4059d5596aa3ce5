package org.roost.graphql.documentlimits;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import graphql.execution.AbortExecutionException;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.language.Argument;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.VariableReference;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;

import org.roost.graphql.ContextKeys;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.jspecify.annotations.Nullable;
import org.roost.platform.ratelimits.RateLimitCharge;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.PageRequest;
import org.springframework.stereotype.Component;

/**
 * Refuses expensive operations after validation and before anything executes: too deep, too
 * costly (one point per field, times the most items each enclosing list can answer, by its {@code @bound}), or too many
 * aliases; then charges the cost to the caller's rate limit (HTTP requests only). It runs on every execution, cached document or not, because the cost depends on the
 * variables. Introspection is left to graphql-java's own good-faith limits.
 */
@Component
class QueryLimits extends SimplePerformantInstrumentation {

    private final GraphQlSettings settings;

    QueryLimits(GraphQlSettings settings) {
        this.settings = settings;
    }

    @Override
    public @Nullable InstrumentationContext<graphql.ExecutionResult> beginExecuteOperation(
            InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
        ExecutionContext context = parameters.getExecutionContext();
        Walk walk = new Walk(context.getGraphQLSchema(), context.getFragmentsByName(), context.getCoercedVariables().toMap());
        GraphQLType root = switch (context.getOperationDefinition().getOperation()) {
            case QUERY -> context.getGraphQLSchema().getQueryType();
            case MUTATION -> context.getGraphQLSchema().getMutationType();
            case SUBSCRIPTION -> context.getGraphQLSchema().getSubscriptionType();
        };
        long cost = walk.cost(context.getOperationDefinition().getSelectionSet(), root, 1);
        if (cost > settings.maxCost()) {
            throw refuse("The query could cost " + cost + " points; at most " + settings.maxCost() + " are allowed.",
                    context.getOperationDefinition());
        }
        RateLimitCharge charge = context.getGraphQLContext().get(ContextKeys.RATE_LIMIT);
        if (charge != null) {
            charge(charge, cost, context.getOperationDefinition().getOperation() == OperationDefinition.Operation.MUTATION
                    ? walk.rootFields : 0, context.getOperationDefinition());
        }
        return super.beginExecuteOperation(parameters, state);
    }

    /** The caller's rate-limit budget pays for the operation by its cost, before anything runs (docs/api.md). */
    private static void charge(RateLimitCharge charge, long cost, int writes, OperationDefinition operation) {
        try {
            charge.graphQlOperation(cost, writes);
        }
        catch (ApiException refused) {
            throw new AbortExecutionException(List.of(GraphQlErrors.builder(refused.code(), "The operation costs more "
                    + "than is left of the rate limit (" + cost + " points); try again later.", List.of())
                    .location(operation.getSourceLocation()).build()));
        }
    }

    /**
     * The cost of a selection, with each fragment's cost computed once per execution and reused at every
     * spread (its cost depends on the fragment and the variables only). Depth, aliases and the expanded size
     * were checked before validation ({@link DocumentShape}).
     */
    private final class Walk {

        private final GraphQLSchema schema;
        private final Map<String, FragmentDefinition> fragments;
        private final Map<String, Object> variables;
        private final Map<String, Long> fragmentCosts = new HashMap<>();
        private final Set<String> inFragments = new HashSet<>();
        private int rootFields;

        Walk(GraphQLSchema schema, Map<String, FragmentDefinition> fragments, Map<String, Object> variables) {
            this.schema = schema;
            this.fragments = fragments;
            this.variables = variables;
        }

        long cost(@Nullable SelectionSet set, @Nullable GraphQLType type, int depth) {
            long total = 0;
            if (set == null) {
                return 0;
            }
            for (Selection<?> selection : set.getSelections()) {
                total = add(total, switch (selection) {
                    case Field field -> field(field, type, depth);
                    case InlineFragment inline -> cost(inline.getSelectionSet(), inline.getTypeCondition() == null ? type
                            : schema.getType(inline.getTypeCondition().getName()), depth);
                    case FragmentSpread spread -> spread(spread, depth);
                    default -> 0L;
                });
            }
            return total;
        }

        private long field(Field field, @Nullable GraphQLType parent, int depth) {
            if (field.getName().startsWith("__")) {
                return 0;
            }
            if (depth == 1) {
                rootFields++;
            }
            GraphQLFieldDefinition definition = parent instanceof GraphQLFieldsContainer container
                    ? container.getFieldDefinition(field.getName()) : null;
            if (definition == null) {
                return 1;
            }
            long children = cost(field.getSelectionSet(), GraphQLTypeUtil.unwrapAll(definition.getType()), depth + 1);
            long multiplier = GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(definition.getType())) ? listSize(field, definition, variables) : 1;
            long cost = add(1, multiply(multiplier, children));
            if (cost > settings.maxCost()) {
                throw refuse("The query could cost " + cost + " points; at most " + settings.maxCost() + " are allowed.", field);
            }
            return cost;
        }

        /** A fragment spread at the root counts its root fields (mutations pay per root field), so it is not memoised there. */
        private long spread(FragmentSpread spread, int depth) {
            FragmentDefinition fragment = fragments.get(spread.getName());
            if (fragment == null || !inFragments.add(spread.getName())) {
                return 0;
            }
            try {
                GraphQLType type = schema.getType(fragment.getTypeCondition().getName());
                if (depth == 1) {
                    return cost(fragment.getSelectionSet(), type, depth);
                }
                Long known = fragmentCosts.get(spread.getName());
                if (known != null) {
                    return known;
                }
                long cost = cost(fragment.getSelectionSet(), type, depth);
                fragmentCosts.put(spread.getName(), cost);
                return cost;
            }
            finally {
                inFragments.remove(spread.getName());
            }
        }
    }

    /**
     * The items the list can answer, by its {@code @bound} (ListBound): what its sizing argument asks for ({@code
     * first}: the number, {@code ids}: how many), else that argument's default, else the bound's maximum. A list
     * that declares none counts as the largest page ({@link PageRequest#MAX_LIMIT}); ListBoundsTest keeps every
     * list of the schema declared.
     */
    static long listSize(Field field, GraphQLFieldDefinition definition, Map<String, Object> variables) {
        ListBound bound = ListBound.of(definition);
        if (bound == null) {
            return PageRequest.MAX_LIMIT;
        }
        if (bound.by() != null) {
            for (Argument argument : field.getArguments()) {
                if (argument.getName().equals(bound.by())) {
                    Object value = argument.getValue() instanceof VariableReference variable
                            ? variables.get(variable.getName()) : argument.getValue();
                    Long asked = ListBound.size(value);
                    if (asked != null) {
                        return Math.max(1, asked);
                    }
                }
            }
        }
        return bound.unasked(definition);
    }

    /** Points at where the limit was crossed, so the client sees which part of its document to trim. */
    private static AbortExecutionException refuse(String message, graphql.language.Node<?> where) {
        return new AbortExecutionException(java.util.List.of(GraphQlErrors.builder(ErrorCode.QUERY_TOO_COMPLEX, message,
                java.util.List.of()).location(where.getSourceLocation()).build()));
    }

    private static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long multiply(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
