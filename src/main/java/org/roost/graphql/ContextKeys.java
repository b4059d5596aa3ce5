package org.roost.graphql;

/** Keys of the GraphQL context that every transport fills the same way. */
final class ContextKeys {

    static final String CALLER = "roost.caller";
    static final String REQUEST_ID = "roost.requestId";

    private ContextKeys() {
    }
}
