package org.roost.graphql;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import graphql.GraphQL;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.graphql.observation.DataFetcherObservationConvention;
import org.springframework.graphql.observation.DataLoaderObservationConvention;
import org.springframework.graphql.observation.ExecutionRequestObservationConvention;

import static org.assertj.core.api.Assertions.assertThat;

class GraphQlObservationsTest {

    /** The names of the observations one query started, with the field timer on or off as Boot's property sets it. */
    private static List<String> observed(boolean fieldTimer) {
        List<String> started = new CopyOnWriteArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStart(Observation.Context context) {
                started.add(context.getName());
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        if (!fieldTimer) {
            registry.observationConfig().observationPredicate((name, context) -> !name.startsWith(GraphQlObservations.FIELD_TIMER));
        }
        var beans = new DefaultListableBeanFactory();
        var instrumentation = new GraphQlObservations().graphQlObservationInstrumentation(registry,
                beans.getBeanProvider(ExecutionRequestObservationConvention.class),
                beans.getBeanProvider(DataFetcherObservationConvention.class),
                beans.getBeanProvider(DataLoaderObservationConvention.class));
        var schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse("type Query { a: String }"),
                RuntimeWiring.newRuntimeWiring().type("Query", type -> type.dataFetcher("a", environment -> "x")).build());
        assertThat(GraphQL.newGraphQL(schema).instrumentation(instrumentation).build().execute("{ a }").getErrors()).isEmpty();
        return started;
    }

    @Test
    void timesEachOperationWithoutWrappingItsFieldsWhileTheFieldTimerIsOff() {
        assertThat(observed(false)).containsExactly("graphql.request");
    }

    @Test
    void timesEachFieldWhenTheFieldTimerIsOn() {
        assertThat(observed(true)).contains("graphql.request", "graphql.datafetcher");
    }
}
