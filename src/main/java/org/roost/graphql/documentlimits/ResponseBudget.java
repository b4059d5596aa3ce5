package org.roost.graphql.documentlimits;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.FetchedValue;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLTypeUtil;

import org.jspecify.annotations.Nullable;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.roost.graphql.StatelessFieldCompletion;
import org.roost.platform.shared.ErrorCode;
import org.springframework.stereotype.Component;

/**
 * A byte budget per query or mutation ({@code roost.graphql.max-response-size}): the answer's size is counted as its
 * fields complete, and once it passes the budget the execution is cancelled (graphql-java's own
 * {@code ExecutionInput#cancel()}, as {@link ExecutionDeadline} does) and its answer is one error, {@code
 * QUERY_TOO_COMPLEX}, with {@code data: null}, instead of the data.
 *
 * <p>Why here and not where the JSON is written: counting as fields complete stops the work and the memory at the
 * budget on every transport (HTTP, Server-Sent Events, a WebSocket's queries), whereas a limit on the written bytes
 * would still build the whole answer first, and would need writing in each transport. The count is what the JSON
 * holds: each field's name and value (a string's characters, a number's digits), plus its punctuation; escapes and
 * multi-byte characters are not counted, so the bytes sent may be somewhat more for non-ASCII text. Subscriptions are
 * not counted: an event is one small object, and a subscription's count would only ever grow over its life.
 */
@Component
class ResponseBudget extends SimplePerformantInstrumentation implements StatelessFieldCompletion {

    private final long budget;

    ResponseBudget(GraphQlSettings settings) {
        this.budget = settings.maxResponseSize().toBytes();
    }

    @Override
    public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
            InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
        ExecutionContext context = parameters.getExecutionContext();
        if (budget > 0 && context.getOperationDefinition().getOperation() != OperationDefinition.Operation.SUBSCRIPTION) {
            context.getGraphQLContext().put(Tally.KEY, new Tally());
        }
        return null;
    }

    @Override
    public @Nullable InstrumentationContext<Object> beginFieldCompletion(InstrumentationFieldCompleteParameters parameters,
            InstrumentationState state) {
        completing(parameters);
        return null;
    }

    @Override
    public void completing(InstrumentationFieldCompleteParameters parameters) {
        ExecutionContext context = parameters.getExecutionContext();
        if (context.getGraphQLContext().get(Tally.KEY) instanceof Tally tally
                && tally.size.addAndGet(size(parameters)) > budget && tally.over.compareAndSet(false, true)) {
            context.getExecutionInput().cancel();
        }
    }

    @Override
    public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult result,
            InstrumentationExecutionParameters parameters, InstrumentationState state) {
        if (parameters.getGraphQLContext().get(Tally.KEY) instanceof Tally tally && tally.over.get()) {
            // Partial data would be an arbitrary cut of the answer; the client is told to ask for less instead
            return CompletableFuture.completedFuture(ExecutionResult.newExecutionResult().data(null)
                    .addError(GraphQlErrors.builder(ErrorCode.QUERY_TOO_COMPLEX, "The answer grew past "
                            + budget + " bytes (the response budget) and was stopped; ask for fewer items or fields.",
                            List.of()).build())
                    .build());
        }
        return CompletableFuture.completedFuture(result);
    }

    /** What one field adds to the JSON: {@code "name":value,}, a list's commas and brackets, an object's braces. */
    static long size(InstrumentationFieldCompleteParameters parameters) {
        long name = parameters.getExecutionStrategyParameters().getField().getResultKey().length() + 4;
        Object value = FetchedValue.getFetchedValue(parameters.getFetchedObject());
        boolean leaf = GraphQLTypeUtil.isLeaf(GraphQLTypeUtil.unwrapAll(parameters.getField().getType()));
        return name + switch (value) {
            case null -> 4;
            case CharSequence text -> text.length() + 2;
            case Collection<?> items when leaf -> items.stream().mapToLong(ResponseBudget::leaf).sum() + items.size() + 2;
            case Collection<?> items -> items.size() + 2L;
            case Object scalar when leaf -> leaf(scalar);
            default -> 2;
        };
    }

    private static long leaf(@Nullable Object value) {
        return value instanceof CharSequence text ? text.length() + 2 : String.valueOf(value).length();
    }

    /**
     * One operation's count, fields completing on several threads. Kept in the operation's GraphQL context rather than
     * an InstrumentationState, so that the chain can call the per-field hook directly ({@link StatelessFieldCompletion}).
     */
    private static final class Tally {
        static final String KEY = Tally.class.getName();
        private final AtomicLong size = new AtomicLong();
        private final AtomicBoolean over = new AtomicBoolean();
    }
}
