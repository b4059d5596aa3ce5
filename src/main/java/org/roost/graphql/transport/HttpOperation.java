package org.roost.graphql.transport;

import java.util.Map;

import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.StrictUtf8;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One operation as an HTTP request carries it: a JSON body for POST, query parameters for GET.
 * Every malformed part is refused here, with the contract's codes, before anything executes.
 */
record HttpOperation(@Nullable String query, @Nullable String operationName, @Nullable Map<String, Object> variables,
        @Nullable Map<String, Object> extensions) {

    /**
     * The body, read as strictly as REST reads its own (docs/api.md, "Input validation"): UTF-8 by the JDK's decoder
     * (Jackson's takes overlong forms), no key twice ({@code json} detects duplicates), no unpaired surrogate.
     */
    static HttpOperation fromBody(JsonMapper json, byte[] body) {
        if (StrictUtf8.firstInvalidByte(body) >= 0) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request body is not valid UTF-8.");
        }
        JsonNode node;
        try {
            node = json.readTree(body);
        }
        catch (JacksonException unreadable) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request body is not valid JSON"
                    + (isDuplicate(unreadable) ? ": " + unreadable.getOriginalMessage() + "." : "."));
        }
        requireUnicode(node);
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
        for (String parameter : new String[] { query, operationName, variables, extensions }) {
            if (parameter != null && StrictUtf8.hasUnpairedSurrogate(parameter)) {
                throw notUnicode();
            }
        }
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

    /** STRICT_DUPLICATE_DETECTION's error, which has no type of its own. */
    private static boolean isDuplicate(JacksonException unreadable) {
        return unreadable.getOriginalMessage().startsWith("Duplicate Object property");
    }

    /** JSON's escapes can spell an unpaired surrogate ({@code "\udc00"}): valid syntax, but no Unicode text. */
    private static void requireUnicode(@Nullable JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isString() && StrictUtf8.hasUnpairedSurrogate(node.asString())) {
            throw notUnicode();
        }
        for (var property : node.properties()) {
            if (StrictUtf8.hasUnpairedSurrogate(property.getKey())) {
                throw notUnicode();
            }
        }
        for (JsonNode child : node) {
            requireUnicode(child);
        }
    }

    private static GraphQlRequestException notUnicode() {
        return new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST,
                "The request holds a string with an unpaired surrogate (\\ud800-\\udfff), which is no Unicode text.");
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
            JsonNode node = json.readTree(text);
            requireUnicode(node);
            return map(json, node, name);
        }
        catch (JacksonException unreadable) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "'" + name + "' must be a JSON object.");
        }
    }
}
