package org.roost.graphql.documentlimits;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.roost.platform.shared.ErrorCode;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseBudgetTest {

    private static final String BODY = "x".repeat(1000);

    /** How many posts the fetcher was asked to complete: the budget stops the work, not only the answer. */
    private final AtomicInteger completed = new AtomicInteger();

    private GraphQL engine(DataSize budget) {
        var settings = new GraphQlSettings(DataSize.ofKilobytes(16), 8, 5000, 15, 1000, Duration.ofSeconds(3), budget,
                true, false, 10, 10, Duration.ofSeconds(30), Duration.ofMinutes(30), Duration.ofSeconds(10),
                Duration.ofSeconds(25), new GraphQlSettings.SubscriptionCaps(100, 200, 1000, 10000));
        var schema = new SchemaGenerator().makeExecutableSchema(
                new SchemaParser().parse("type Query { posts(n: Int!): [Post!]! } type Post { id: ID! body: String! }"),
                RuntimeWiring.newRuntimeWiring()
                        .type("Query", type -> type.dataFetcher("posts", env -> IntStream.range(0, env.<Integer>getArgument("n"))
                                .mapToObj(i -> Map.of("id", i, "body", BODY)).toList()))
                        .type("Post", type -> type.dataFetcher("body", env -> {
                            completed.incrementAndGet();
                            return env.<Map<String, Object>>getSource().get("body");
                        }))
                        .build());
        return GraphQL.newGraphQL(schema).instrumentation(new ResponseBudget(settings)).build();
    }

    @Test
    void stopsAnAnswerThatGrowsPastTheBudget() {
        // when: 1,000 posts of a kilobyte each against 64 KB
        ExecutionResult result = engine(DataSize.ofKilobytes(64)).execute("{ posts(n: 1000) { id body } }");

        // then: one error in the contract's shape, no data, and the work stopped near the budget
        assertThat(result.isDataPresent()).isTrue();
        assertThat((Object) result.getData()).isNull();
        assertThat(result.getErrors()).singleElement().satisfies(error -> {
            assertThat(GraphQlErrors.code(error)).isEqualTo(ErrorCode.QUERY_TOO_COMPLEX);
            assertThat(error.getMessage()).contains("65536 bytes");
        });
        assertThat(completed.get()).isLessThan(200);
    }

    @Test
    void countsCloseToTheJsonItWouldHaveSent() {
        // given: an answer of about 100 KB, as JSON
        ExecutionResult whole = engine(DataSize.ofMegabytes(5)).execute("{ posts(n: 100) { id body } }");
        int json = JsonMapper.builder().build().writeValueAsBytes(whole.getData()).length;

        // then: a budget a little below its size stops it, a little above lets it through
        assertThat(engine(DataSize.ofBytes(json * 95L / 100)).execute("{ posts(n: 100) { id body } }").getErrors())
                .isNotEmpty();
        assertThat(engine(DataSize.ofBytes(json * 105L / 100)).execute("{ posts(n: 100) { id body } }").getErrors())
                .isEmpty();
    }

    @Test
    void letsAnAnswerWithinTheBudgetThrough() {
        // when
        ExecutionResult result = engine(DataSize.ofKilobytes(64)).execute("{ posts(n: 10) { id body } }");

        // then
        assertThat(result.getErrors()).isEmpty();
        assertThat(result.<Map<String, List<?>>>getData().get("posts")).hasSize(10);
    }
}
