package org.roost.graphql;

import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;

/**
 * A field-completion hook that keeps no InstrumentationState and returns no context (the response budget's), so
 * {@link InstrumentationChain} calls it directly instead of through graphql-java's chain, which asks all for each field.
 */
public interface StatelessFieldCompletion {
    void completing(InstrumentationFieldCompleteParameters parameters);
}
