package org.roost.graphql;

import java.util.List;
import java.util.Map;

import graphql.ExecutionResult;
import graphql.GraphQLError;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

/**
 * A subscription event's result whose data has been written as JSON once: the transports (WebSocket
 * and Server-Sent Events, both Jackson) copy the text into each subscriber's message instead of
 * encoding the same data again for every subscriber. Results with errors stay as they are: each
 * subscriber gives its errors its own request id.
 */
public record SerializedResult(ExecutionResult result, RawValue json) implements ExecutionResult {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static ExecutionResult of(ExecutionResult result) {
        if (!result.isDataPresent() || !result.getErrors().isEmpty() || result.getExtensions() != null) {
            return result;
        }
        return new SerializedResult(result, new RawValue(JSON.writeValueAsString(result.getData())));
    }

    @Override
    public List<GraphQLError> getErrors() {
        return result.getErrors();
    }

    @Override
    public <T> @Nullable T getData() {
        return result.getData();
    }

    @Override
    public boolean isDataPresent() {
        return true;
    }

    @Override
    public @Nullable Map<Object, Object> getExtensions() {
        return null;
    }

    @Override
    public Map<String, Object> toSpecification() {
        return Map.of("data", json);
    }
}
