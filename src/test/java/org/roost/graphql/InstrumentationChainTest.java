package org.roost.graphql;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldParameters;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InstrumentationChainTest {

    /** Counts the completion of every field, the one per-field hook it implements. */
    private static final class CountingCompletions extends SimplePerformantInstrumentation {
        final AtomicInteger completions = new AtomicInteger();

        @Override
        public InstrumentationContext<Object> beginFieldCompletion(InstrumentationFieldCompleteParameters parameters,
                InstrumentationState state) {
            completions.incrementAndGet();
            return super.beginFieldCompletion(parameters, state);
        }
    }

    private static ExecutionResult run(Instrumentation chain, String query) {
        var schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse("type Query { a: String b: String }"),
                RuntimeWiring.newRuntimeWiring().type("Query", type -> type.defaultDataFetcher(environment -> "x")).build());
        return GraphQL.newGraphQL(schema).instrumentation(chain).build().execute(query);
    }

    @Test
    void callsAPerFieldHookThatOneOfTheInstrumentationsImplements() {
        // given
        var counting = new CountingCompletions();
        var chain = new InstrumentationChain.Lean(List.of(new SimplePerformantInstrumentation(), counting));

        // when
        ExecutionResult result = run(chain, "{ a b }");

        // then
        assertThat(result.<Map<String, Object>>getData()).containsEntry("a", "x").containsEntry("b", "x");
        assertThat(counting.completions).hasValue(2);
    }

    /** Counts completions without any InstrumentationState, as the response budget does. */
    private static final class StatelessCounting extends SimplePerformantInstrumentation implements StatelessFieldCompletion {
        final AtomicInteger completions = new AtomicInteger();

        @Override
        public InstrumentationContext<Object> beginFieldCompletion(InstrumentationFieldCompleteParameters parameters,
                InstrumentationState state) {
            throw new AssertionError("called through graphql-java's chain, not directly");
        }

        @Override
        public void completing(InstrumentationFieldCompleteParameters parameters) {
            completions.incrementAndGet();
        }
    }

    @Test
    void callsAStatelessCompletionHookDirectlyAndAnyOtherThroughTheChain() {
        // given
        var stateless = new StatelessCounting();
        var counting = new CountingCompletions();

        // when: alone, then beside a hook that needs the chain
        run(new InstrumentationChain.Lean(List.of(new SimplePerformantInstrumentation(), stateless)), "{ a b }");
        var stateful = new InstrumentationChain.Lean(List.of(counting, new SimplePerformantInstrumentation()));
        run(stateful, "{ a b }");

        // then
        assertThat(stateless.completions).hasValue(2);
        assertThat(counting.completions).hasValue(2);
    }

    @Test
    void skipsThePerFieldHooksThatNoneImplements() {
        // given: the no-op base class, and one that implements only a completion hook
        List<Instrumentation> instrumentations = List.of(new SimplePerformantInstrumentation(), new CountingCompletions());

        // then
        assertThat(InstrumentationChain.Lean.implemented(instrumentations, "beginFieldExecution",
                InstrumentationFieldParameters.class)).isFalse();
        assertThat(InstrumentationChain.Lean.implemented(instrumentations, "beginFieldCompletion",
                InstrumentationFieldCompleteParameters.class)).isTrue();
        assertThat(new InstrumentationChain.Lean(instrumentations).beginFieldExecution(null, null)).isNull();
    }
}
