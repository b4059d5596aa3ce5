package org.roost.graphql;

import java.util.Map;

import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;

import org.jspecify.annotations.Nullable;
import org.roost.shared.ErrorCode;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One operation as an HTTP request carries it: a JSON body for POST, query parameters for GET.
 * Every malformed part is refused here, with the contract's codes, before anything executes.
 */
record HttpOperation(@Nullable String query, @Nullable String operationName, @Nullable Map<String, Object> variables,
        @Nullable Map<String, Object> extensions) {

    static HttpOperation fromBody(JsonMapper json, byte[] body) {
        JsonNode node;
        try {
            node = json.readTree(body);
        }
        catch (JacksonException unreadable) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request body is not valid JSON.");
        }
        if (node != null && node.isArray()) {
            throw new GraphQlRequestException(ErrorCode.QUERY_TOO_COMPLEX,
                    "Batched operations are not supported: send one operation per request.", 400);
        }
        if (node == null || !node.isObject()) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request body must be a JSON object.");
        }
        return new HttpOperation(string(node.get("query"), "query"), string(node.get("operationName"), "operationName"),
                map(json, node.get("variables"), "variables"), map(json, node.get("extensions"), "extensions"));
    }

    static HttpOperation fromParameters(JsonMapper json, @Nullable String query, @Nullable String operationName,
            @Nullable String variables, @Nullable String extensions) {
        return new HttpOperation(query, operationName, parse(json, variables, "variables"), parse(json, extensions, "extensions"));
    }

    /** Whether the operation that would run reads only: GET must never change anything. */
    static boolean isQuery(String document, @Nullable String operationName) {
        Document parsed;
        try {
            parsed = Parser.parse(document);
        }
        catch (InvalidSyntaxException invalid) {
            return true; // execution reports the syntax error
        }
        return parsed.getDefinitionsOfType(OperationDefinition.class).stream()
                .filter(op -> operationName == null || operationName.equals(op.getName()))
                .allMatch(op -> op.getOperation() == OperationDefinition.Operation.QUERY);
    }

    private static @Nullable String string(@Nullable JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "'" + name + "' must be a string.");
        }
        return node.asString();
    }

    @SuppressWarnings("unchecked")
    private static @Nullable Map<String, Object> map(JsonMapper json, @Nullable JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "'" + name + "' must be an object.");
        }
        return json.treeToValue(node, Map.class);
    }

    private static @Nullable Map<String, Object> parse(JsonMapper json, @Nullable String text, String name) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return map(json, json.readTree(text), name);
        }
        catch (JacksonException unreadable) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "'" + name + "' must be a JSON object.");
        }
    }
}
