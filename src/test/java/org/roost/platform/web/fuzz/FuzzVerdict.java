package org.roost.platform.web.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * What every answer to any input must be: not a 5xx, and for an error the contract's JSON error body
 * (GraphQL's error list on /graphql, OAuth's on its protocol endpoints), with nothing of the implementation in it:
 * no stack frame, class or package name, or SQL that the request did not itself contain.
 */
final class FuzzVerdict {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<Pattern> LEAKS = List.of(Pattern.compile("\\bjava\\.[a-z]+\\."),
            Pattern.compile("\\bjakarta\\.[a-z]+"), Pattern.compile("\\btools\\.jackson\\b"),
            Pattern.compile("\\borg\\.(springframework|postgresql|apache|h2|flywaydb|roost|hibernate)\\b"),
            Pattern.compile("\\bcom\\.(fasterxml|zaxxer|github)\\."), Pattern.compile("\\bgraphql\\.[a-z]+\\.[A-Z]"),
            Pattern.compile("[A-Za-z]+Exception\\b"), Pattern.compile("\\bat [a-z][\\w$]*(\\.[\\w$]+)+\\("),
            Pattern.compile("SQLState|SQL state|PSQL|JdbcSQL|syntax error at or near"),
            Pattern.compile("\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\\b.*\\b(FROM|WHERE|VALUES|SET)\\b"));

    private static final List<String> IMPLEMENTED_METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
            "OPTIONS");

    private FuzzVerdict() {
    }

    /** The rules this answer breaks; empty when it keeps them all. */
    static List<String> problems(RawHttp.Request request, RawHttp.Response response) {
        List<String> problems = new ArrayList<>();
        if (response.status() >= 500 && !isNotImplemented(request, response)) {
            problems.add("status " + response.status());
        }
        String sent = request.describe() + new String(request.body(), StandardCharsets.UTF_8);
        for (Pattern leak : LEAKS) {
            var found = leak.matcher(response.body());
            if (found.find() && !leak.matcher(sent).find()) {
                problems.add("leaks \"" + found.group() + "\"");
            }
        }
        String path = request.target().split("\\?", 2)[0];
        if (path.startsWith("/graphql")) {
            problems.addAll(graphQlProblems(response));
        }
        else if (response.status() >= 400 && !"HEAD".equals(request.method()) && !isProtocolEndpoint(path)) {
            problems.addAll(errorBodyProblems(response));
        }
        return problems;
    }

    /**
     * A method the service does not implement ({@code FROB}) is answered {@code 501 NOT_IMPLEMENTED}, as RFC 9110 asks
     * (docs/api.md, "HTTP semantics"): the contract's answer, not a server error.
     */
    private static boolean isNotImplemented(RawHttp.Request request, RawHttp.Response response) {
        return response.status() == 501 && !IMPLEMENTED_METHODS.contains(request.method())
                && response.body().contains("\"NOT_IMPLEMENTED\"");
    }

    /** OAuth 2.0 and OpenID Connect endpoints answer errors in their own format (RFC 6749, RFC 6750 for userinfo). */
    private static boolean isProtocolEndpoint(String path) {
        return path.startsWith("/oauth2/") || path.equals("/userinfo");
    }

    /**
     * Whether the try got past authentication and validation to the handlers: a 2xx, and for GraphQL at least
     * one field resolved (partial data counts).
     */
    /**
     * Whether the request was refused, so must have changed nothing: a 4xx, or GraphQL's answer of errors without
     * data (which an {@code application/json} client gets with 200).
     */
    static boolean refused(RawHttp.Response response) {
        if (response.status() >= 400) {
            return true;
        }
        JsonNode body = response.body().isEmpty() ? null : parse(response.body());
        return body != null && body.path("errors").isArray() && !body.path("errors").isEmpty()
                && (!body.has("data") || body.get("data").isNull());
    }

    /**
     * Whether the request is a GraphQL document of several mutation fields. They run one after another (the GraphQL
     * spec's serial execution), and an error in a later non-null one sets {@code data} to null without undoing those
     * before it, which the answer's errors name by path (docs/api.md, GraphQL): such an answer is not a refusal of
     * the whole document. A document of one mutation field is, and must change nothing.
     */
    static boolean severalMutations(RawHttp.Request request) {
        String body = new String(request.body(), java.nio.charset.StandardCharsets.UTF_8);
        if (!request.target().startsWith("/graphql") || !body.contains("mutation")) {
            return false;
        }
        JsonNode root = parse(body);
        JsonNode query = root == null ? null : root.path("query");
        if (query == null || !query.isString()) {
            return false;
        }
        try {
            graphql.language.Document document = graphql.parser.Parser.parse(query.asString());
            return document.getDefinitionsOfType(graphql.language.OperationDefinition.class).stream()
                    .filter(operation -> operation.getOperation() == graphql.language.OperationDefinition.Operation.MUTATION)
                    .anyMatch(operation -> operation.getSelectionSet().getSelections().size() > 1);
        }
        catch (RuntimeException unparseable) {
            return false;
        }
    }

    static boolean served(RawHttp.Response response) {
        if (response.status() >= 300) {
            return false;
        }
        JsonNode body = response.body().isEmpty() ? null : parse(response.body());
        if (body == null || !body.has("data")) {
            return body != null || response.body().isEmpty();
        }
        for (JsonNode field : body.get("data")) {
            if (!field.isNull()) {
                return true;
            }
        }
        return false;
    }

    private static List<String> errorBodyProblems(RawHttp.Response response) {
        if (!response.header("Content-Type").orElse("").startsWith("application/json")) {
            return List.of("error answered as " + response.header("Content-Type").orElse("no Content-Type"));
        }
        JsonNode body = parse(response.body());
        if (body == null || !body.path("error").path("code").isString() || !body.path("error").path("message").isString()
                || !body.path("error").path("details").isArray() || !body.path("request_id").isString()
                || !body.path("timestamp").isString()) {
            return List.of("not the contract's error body");
        }
        return List.of();
    }

    private static List<String> graphQlProblems(RawHttp.Response response) {
        String type = response.header("Content-Type").orElse("");
        if (response.status() == 200 && type.startsWith("text/event-stream") || response.status() == 304) {
            return List.of();
        }
        if (!type.startsWith("application/json") && !type.startsWith("application/graphql-response+json")) {
            return List.of("answered as " + (type.isEmpty() ? "no Content-Type" : type));
        }
        JsonNode body = parse(response.body());
        if (body == null) {
            return List.of("not JSON");
        }
        if (body.has("error")) {
            return response.status() >= 400 ? errorBodyProblems(response) : List.of("a REST error body with status 200");
        }
        List<String> problems = new ArrayList<>();
        if (!body.has("errors") && !body.has("data")) {
            problems.add("neither data nor errors");
        }
        for (JsonNode error : body.path("errors")) {
            String code = error.path("extensions").path("code").asString("");
            if (code.isEmpty() || code.equals("INTERNAL_ERROR")) {
                problems.add("GraphQL error " + (code.isEmpty() ? "without a code" : code) + ": "
                        + RawHttp.abbreviate(error.path("message").asString(""), 200));
            }
        }
        return problems;
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        }
        catch (RuntimeException ex) {
            return null;
        }
    }
}
