package org.roost.graphql.documentlimits;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.language.OperationDefinition;

import org.roost.graphql.GraphQlSettings;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * A time budget per query or mutation ({@code roost.graphql.max-execution-time}): past it the execution is
 * cancelled through graphql-java's own {@code ExecutionInput#cancel()}, which the engine checks between
 * steps, so no single operation holds a CPU for long even if its cost was underestimated. Subscriptions
 * are long-lived by design and are bounded by their caps instead ({@link SubscriptionPermits}).
 */
@Component
class ExecutionDeadline extends SimplePerformantInstrumentation implements DisposableBean {

    private final long budgetNanos;
    /** One platform thread that only flips flags; cancelled timers leave its queue at once. */
    private final ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1,
            Thread.ofPlatform().daemon().name("graphql-deadline").factory());

    ExecutionDeadline(GraphQlSettings settings) {
        this.budgetNanos = settings.maxExecutionTime().toNanos();
        timers.setRemoveOnCancelPolicy(true);
    }

    @Override
    public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
            InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
        ExecutionContext context = parameters.getExecutionContext();
        if (context.getOperationDefinition().getOperation() == OperationDefinition.Operation.SUBSCRIPTION || budgetNanos <= 0) {
            return null;
        }
        ScheduledFuture<?> timer = timers.schedule(context.getExecutionInput()::cancel, budgetNanos, TimeUnit.NANOSECONDS);
        return SimpleInstrumentationContext.whenCompleted((result, failure) -> timer.cancel(false));
    }

    @Override
    public void destroy() {
        timers.shutdownNow();
    }
}
