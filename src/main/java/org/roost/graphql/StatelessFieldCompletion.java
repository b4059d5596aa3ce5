package org.roost.graphql;

import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;

/**
 * An instrumentation whose field-completion hook keeps nothing in its {@code InstrumentationState} (what it counts
 * lives in the operation's GraphQL context) and returns no context: {@link InstrumentationChain} then calls it
 * directly for every field, instead of through graphql-java's chain, which asks every instrumentation and gathers their
 * empty answers for each field (docs/performance.md).
 */
public interface StatelessFieldCompletion {

    /** A field is about to be completed (its value fetched). */
    void completing(InstrumentationFieldCompleteParameters parameters);
}
