package org.roost.graphql.documentlimits;

import java.time.Duration;

import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.DataFetcher;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ErrorCode;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionDeadlineTest {

    private static GraphQL engine(Duration budget) {
        var settings = new GraphQlSettings(DataSize.ofKilobytes(16), 8, 5000, 15, 1000, budget, DataSize.ofMegabytes(5), true, false, 10, 10,
                Duration.ofSeconds(30), Duration.ofMinutes(30), Duration.ofSeconds(10), Duration.ofSeconds(25),
                new GraphQlSettings.SubscriptionCaps(100, 200, 1000, 10000));
        DataFetcher<String> slow = environment -> {
            Thread.sleep(100); // the slow work the deadline is about, not a wait
            return "done";
        };
        var schema = new SchemaGenerator().makeExecutableSchema(
                new SchemaParser().parse("type Query { a: String b: String c: String d: String e: String }"),
                RuntimeWiring.newRuntimeWiring().type("Query", type -> type.defaultDataFetcher(slow)).build());
        return GraphQL.newGraphQL(schema).instrumentation(new ExecutionDeadline(settings)).build();
    }

    @Test
    void stopsAQueryThatRunsPastItsBudget() {
        // when: five fields of 100 ms each, one after another, against 150 ms
        ExecutionResult result = engine(Duration.ofMillis(150)).execute("{ a b c d e }");

        // then
        assertThat(result.getErrors()).isNotEmpty();
        assertThat(GraphQlErrors.code(result.getErrors().getFirst())).isEqualTo(ErrorCode.QUERY_TOO_COMPLEX);
        // graphql-java's own cancellation, which the graphql module answers with the budget's message
        assertThat(result.getErrors().getFirst()).isInstanceOf(graphql.execution.AbortExecutionException.class);
    }

    @Test
    void letsAQueryWithinItsBudgetFinish() {
        // when
        ExecutionResult result = engine(Duration.ofSeconds(5)).execute("{ a b }");

        // then
        assertThat(result.getErrors()).isEmpty();
        assertThat(result.<java.util.Map<String, Object>>getData()).containsEntry("a", "done").containsEntry("b", "done");
    }
}
