package org.roost.graphql;

import java.util.List;

import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.ExecuteObjectInstrumentationContext;
import graphql.execution.instrumentation.FieldFetchingInstrumentationContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionStrategyParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldParameters;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The instrumentations Spring Boot collects (the limits, the field scopes, the observations), chained as graphql-java
 * chains them, except that a per-field or per-object hook none of them implements is not called at all. graphql-java's
 * chain calls every instrumentation for every hook of every field and gathers their (empty) answers in a new list:
 * four of each per field, 1,600 fields in a list of 50 users with 10 posts each (docs/performance.md).
 */
@Configuration(proxyBeanMethods = false)
class InstrumentationChain {

    @Bean
    GraphQlSourceBuilderCustomizer leanInstrumentationChain(ObjectProvider<Instrumentation> instrumentations) {
        return builder -> builder.configureGraphQl(graphQl -> graphQl.instrumentation(
                new Lean(instrumentations.orderedStream().toList())));
    }

    static final class Lean extends ChainedInstrumentation {

        private final boolean fieldExecution;
        private final boolean fieldFetching;
        private final boolean fieldListCompletion;
        private final boolean executeObject;
        /** The field-completion hooks if each is a {@link StatelessFieldCompletion}, called directly; else null (the chain). */
        private final @Nullable List<StatelessFieldCompletion> completions;

        Lean(List<Instrumentation> instrumentations) {
            super(instrumentations);
            fieldExecution = implemented(instrumentations, "beginFieldExecution", InstrumentationFieldParameters.class);
            fieldFetching = implemented(instrumentations, "beginFieldFetching", InstrumentationFieldFetchParameters.class)
                    || implemented(instrumentations, "beginFieldFetch", InstrumentationFieldFetchParameters.class);
            fieldListCompletion = implemented(instrumentations, "beginFieldListCompletion",
                    InstrumentationFieldCompleteParameters.class);
            executeObject = implemented(instrumentations, "beginExecuteObject", InstrumentationExecutionStrategyParameters.class);
            List<Instrumentation> completing = instrumentations.stream().filter(instrumentation -> implemented(
                    List.of(instrumentation), "beginFieldCompletion", InstrumentationFieldCompleteParameters.class)).toList();
            completions = completing.stream().allMatch(StatelessFieldCompletion.class::isInstance)
                    ? completing.stream().map(StatelessFieldCompletion.class::cast).toList() : null;
        }

        /** Whether any of them does more than the interface's or the no-op base class's nothing. */
        static boolean implemented(List<Instrumentation> instrumentations, String hook, Class<?> parameters) {
            for (Instrumentation instrumentation : instrumentations) {
                try {
                    Class<?> declaring = instrumentation.getClass().getMethod(hook, parameters, InstrumentationState.class)
                            .getDeclaringClass();
                    if (declaring != Instrumentation.class && declaring != SimplePerformantInstrumentation.class) {
                        return true;
                    }
                }
                catch (NoSuchMethodException unknown) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public @Nullable InstrumentationContext<Object> beginFieldExecution(InstrumentationFieldParameters parameters,
                InstrumentationState state) {
            return fieldExecution ? super.beginFieldExecution(parameters, state) : null;
        }

        @Override
        public FieldFetchingInstrumentationContext beginFieldFetching(InstrumentationFieldFetchParameters parameters,
                InstrumentationState state) {
            return fieldFetching ? super.beginFieldFetching(parameters, state) : FieldFetchingInstrumentationContext.NOOP;
        }

        @Override
        public @Nullable InstrumentationContext<Object> beginFieldCompletion(InstrumentationFieldCompleteParameters parameters,
                InstrumentationState state) {
            if (completions == null) {
                return super.beginFieldCompletion(parameters, state);
            }
            for (StatelessFieldCompletion completion : completions) {
                completion.completing(parameters); // none when no instrumentation has the hook
            }
            return null;
        }

        @Override
        public @Nullable InstrumentationContext<Object> beginFieldListCompletion(InstrumentationFieldCompleteParameters parameters,
                InstrumentationState state) {
            return fieldListCompletion ? super.beginFieldListCompletion(parameters, state) : null;
        }

        @Override
        public @Nullable ExecuteObjectInstrumentationContext beginExecuteObject(InstrumentationExecutionStrategyParameters parameters,
                InstrumentationState state) {
            return executeObject ? super.beginExecuteObject(parameters, state) : null;
        }
    }
}
