package org.roost.graphql;

import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.schema.DataFetcher;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.observation.DataFetcherObservationConvention;
import org.springframework.graphql.observation.DataLoaderObservationConvention;
import org.springframework.graphql.observation.ExecutionRequestObservationConvention;
import org.springframework.graphql.observation.GraphQlObservationInstrumentation;

/**
 * Spring for GraphQL's observations as Spring Boot sets them up, except that while the per-field timer is off
 * ({@code management.observations.enable.graphql.datafetcher: false}) no fetcher is wrapped for it: Spring's
 * wrapper still started a no-op observation and copied the fetcher's environment for every user and post of a
 * list (docs/performance.md). Each operation is still timed ({@code graphql.request}), and so are batch loads.
 */
@Configuration(proxyBeanMethods = false)
class GraphQlObservations {

    static final String FIELD_TIMER = "graphql.datafetcher";

    @Bean
    GraphQlObservationInstrumentation graphQlObservationInstrumentation(ObservationRegistry registry,
            ObjectProvider<ExecutionRequestObservationConvention> requests,
            ObjectProvider<DataFetcherObservationConvention> fields, ObjectProvider<DataLoaderObservationConvention> loads) {
        if (!Observation.createNotStarted(FIELD_TIMER, registry).isNoop()) {
            return new GraphQlObservationInstrumentation(registry, requests.getIfAvailable(), fields.getIfAvailable(),
                    loads.getIfAvailable());
        }
        return new GraphQlObservationInstrumentation(registry, requests.getIfAvailable(), null, loads.getIfAvailable()) {
            @Override
            public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> fetcher, InstrumentationFieldFetchParameters parameters,
                    InstrumentationState state) {
                return fetcher;
            }
        };
    }
}
