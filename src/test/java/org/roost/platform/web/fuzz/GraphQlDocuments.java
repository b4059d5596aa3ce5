package org.roost.platform.web.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;

/**
 * GraphQL documents built from the served schema (new fields are fuzzed without touching this test):
 * selections of real fields with arguments of the right and the wrong type, variables that do not match
 * their declarations, aliases, named, inline and cyclic fragments, directives, nesting past the depth
 * limit, and then, for some, a few characters mutated so the parser's error paths run too.
 */
final class GraphQlDocuments {

    /** The request: document, variables (any JSON) and operation name (any JSON). */
    record Operation(String document, Object variables, Object operationName) {
    }

    private final GraphQLSchema schema;
    private final HostileValues values;
    private final Map<String, String> ids;
    private final Map<String, Object> variables = new LinkedHashMap<>();
    private final List<String> declarations = new ArrayList<>();
    private final List<String> fragments = new ArrayList<>();

    GraphQlDocuments(GraphQLSchema schema, HostileValues values, Map<String, String> ids) {
        this.schema = schema;
        this.values = values;
        this.ids = ids;
    }

    Operation next() {
        String document = switch (values.below(12)) {
            case 0 -> values.oneOf(List.of("", "{", "}", "{ }", "query", "{ __typename }", "subscription { __typename }",
                    "{ me { ...Missing } }", "query Q { me { id } } query Q { me { id } }", "{ a: me { id } a: users { id } }",
                    "fragment F on User { ...F } { me { ...F } }", "{ me { id } } mutation { deletePost(id: 1) }",
                    "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }",
                    "{ " + "a: __typename ".repeat(200) + "}", "{ me " + "{ followers ".repeat(40) + "{ id }" + " }".repeat(41)));
            case 1 -> operation("subscription", schema.getSubscriptionType());
            case 2, 3, 4 -> operation("mutation", schema.getMutationType());
            default -> operation("query", schema.getQueryType());
        };
        if (values.chance(0.25)) {
            document = values.mutate(document);
        }
        Object variables = switch (values.below(10)) {
            case 0 -> values.value(0);
            case 1 -> null;
            default -> new LinkedHashMap<>(this.variables);
        };
        Object operationName = values.chance(0.85) ? null : values.value(0);
        return new Operation(document, variables, operationName);
    }

    private String operation(String keyword, GraphQLObjectType root) {
        if (root == null) {
            return "{ __typename }";
        }
        String selection = selection(root, 0, 1 + values.below(values.chance(0.2) ? 14 : 5));
        String header = declarations.isEmpty() ? "" : "(" + String.join(", ", declarations) + ")";
        String name = values.chance(0.3) ? " Fuzz" + values.below(3) : "";
        return keyword + name + header + " " + selection + " " + String.join(" ", fragments);
    }

    private String selection(GraphQLObjectType type, int depth, int maxDepth) {
        List<GraphQLFieldDefinition> fields = type.getFieldDefinitions();
        StringBuilder out = new StringBuilder("{ ");
        for (int i = 0, n = 1 + values.below(3); i < n; i++) {
            GraphQLFieldDefinition field = values.oneOf(fields);
            out.append(field(field, depth, maxDepth)).append(' ');
        }
        if (values.chance(0.1)) {
            out.append(values.oneOf(List.of("noSuchField ", "__typename ", "id(first: 1) ", "... on Nope { id } ")));
        }
        if (values.chance(0.15) && depth < maxDepth) {
            String name = "F" + fragments.size();
            fragments.add("fragment " + name + " on " + type.getName() + " " + selection(type, depth + 1, maxDepth));
            out.append("...").append(name).append(' ');
        }
        if (values.chance(0.1)) {
            out.append("... on ").append(type.getName()).append(' ').append(selection(type, depth + 1, Math.min(maxDepth, depth + 2)));
        }
        return out.append('}').toString();
    }

    private String field(GraphQLFieldDefinition field, int depth, int maxDepth) {
        StringBuilder out = new StringBuilder();
        if (values.chance(0.2)) {
            out.append(values.oneOf(List.of("a", "b", "alias", "__typename", "x" + values.below(100)))).append(": ");
        }
        out.append(field.getName());
        List<String> arguments = new ArrayList<>();
        for (GraphQLArgument argument : field.getArguments()) {
            if (GraphQLTypeUtil.isNonNull(argument.getType()) ? values.chance(0.9) : values.chance(0.5)) {
                arguments.add(argument.getName() + ": " + argument(argument.getType(), 0));
            }
        }
        if (values.chance(0.05)) {
            arguments.add(values.oneOf(List.of("nope: 1", "first: 1, first: 2", "id: null")));
        }
        if (!arguments.isEmpty()) {
            out.append('(').append(String.join(", ", arguments)).append(')');
        }
        if (values.chance(0.05)) {
            out.append(values.oneOf(List.of(" @skip(if: true)", " @include(if: $nope)", " @deprecated", " @unknown",
                    " @include(if: \"yes\")")));
        }
        GraphQLType unwrapped = GraphQLTypeUtil.unwrapAll(field.getType());
        if (unwrapped instanceof GraphQLObjectType object && (depth < maxDepth || values.chance(0.1))) {
            out.append(' ').append(selection(object, depth + 1, maxDepth));
        }
        return out.toString();
    }

    /** A literal or a variable for an argument: usually of its type, sometimes not. */
    private String argument(GraphQLInputType type, int depth) {
        if (values.chance(0.2)) {
            String name = "v" + declarations.size();
            declarations.add("$" + name + ": " + (values.chance(0.7) ? GraphQLTypeUtil.simplePrint(type)
                    : values.oneOf(List.of("Int", "String!", "[ID]", "Boolean", "Nope", "CreatePostInput"))));
            variables.put(name, values.chance(0.4) ? idOrNumber() : values.value(0));
            return "$" + name;
        }
        if (values.chance(0.15)) {
            return values.oneOf(List.of("null", "1.5", "\"x\"", "true", "[1, 2]", "{ a: 1 }", "ENUM", "99999999999999",
                    "-2147483649", "\"\"\"" + values.headerValue().replace("\"\"\"", "") + "\"\"\"", "$undeclared"));
        }
        GraphQLType unwrapped = GraphQLTypeUtil.unwrapAll(type);
        if (unwrapped instanceof GraphQLInputObjectType input && depth < 3) {
            List<String> fields = new ArrayList<>();
            input.getFieldDefinitions().forEach(f -> {
                if (values.chance(0.8)) {
                    fields.add(f.getName() + ": " + argument(f.getType(), depth + 1));
                }
            });
            return "{ " + String.join(", ", fields) + " }";
        }
        return switch (unwrapped.toString()) {
            case "Int" -> values.oneOf(List.of("0", "-1", "1", "100", "101", "2147483647", "2147483648"));
            case "ID" -> "\"" + idOrNumber() + "\"";
            case "Boolean" -> values.chance(0.5) ? "true" : "false";
            default -> quote(values.string());
        };
    }

    private String idOrNumber() {
        return values.chance(0.6) ? values.oneOf(List.copyOf(ids.values())) : values.oneOf(List.of("0", "-1", "abc",
                "9223372036854775808", "1e3", "", " 1", "1\u0000"));
    }

    /** A GraphQL string literal: JSON's escapes are GraphQL's. */
    private static String quote(String text) {
        return HostileValues.json(text);
    }
}
