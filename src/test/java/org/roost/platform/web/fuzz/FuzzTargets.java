package org.roost.platform.web.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/**
 * Every REST operation, found the way the application routes it: the handler mappings give each
 * path and method (so a new controller is fuzzed without touching this test), the OpenAPI document adds
 * the body's property names and the query parameters (so generated bodies get past the JSON parser and
 * reach validation and the database).
 */
final class FuzzTargets {

    /** One method on one path pattern, e.g. {@code PATCH /api/v1/users/{userId}}. */
    record Operation(String method, String pattern, List<String> bodyFields, List<String> queryParameters,
            Map<String, JsonNode> fieldSchemas) {

        Operation(String method, String pattern, List<String> bodyFields, List<String> queryParameters) {
            this(method, pattern, bodyFields, queryParameters, Map.of());
        }
    }

    /** The API surface: what the OpenAPI document describes, with the unversioned alias. */
    private static final List<String> API_PREFIXES = List.of("/api/", "/login", "/logout", "/auth/");

    private FuzzTargets() {
    }

    static List<Operation> restOperations(RequestMappingHandlerMapping mappings, JsonNode openApi) {
        Set<String> seen = new TreeSet<>();
        List<Operation> operations = new ArrayList<>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
            for (String pattern : info.getPatternValues()) {
                if (API_PREFIXES.stream().noneMatch(pattern::startsWith) || answersPagesOnly(info)) {
                    continue;
                }
                for (RequestMethod method : methods.isEmpty() ? Set.of(RequestMethod.GET, RequestMethod.POST) : methods) {
                    if (seen.add(method + " " + pattern)) {
                        JsonNode described = described(openApi, pattern, method.name());
                        operations.add(new Operation(method.name(), pattern, bodyFields(openApi, described),
                                queryParameters(described), fieldSchemas(openApi, described)));
                    }
                }
            }
        });
        operations.addAll(PROTOCOL);
        operations.sort(java.util.Comparator.comparing(o -> o.method() + " " + o.pattern()));
        return operations;
    }

    /**
     * A step of a browser's redirects (a provider sign-in's hand-over, say) answers HTML pages, errors included: a
     * person reads them, not a client, so the API's error body is not their contract.
     */
    private static boolean answersPagesOnly(org.springframework.web.servlet.mvc.method.RequestMappingInfo info) {
        var produces = info.getProducesCondition().getProducibleMediaTypes();
        return !produces.isEmpty() && produces.stream().allMatch(org.springframework.http.MediaType.TEXT_HTML::equalsTypeAndSubtype);
    }

    /**
     * The authorization server's endpoints are filters, not handler methods: listed here, with the form fields
     * and parameters of RFC 6749, 7009 and 7662. They answer with OAuth's own error format, not the API's.
     * Client ids are never a registered client's: failed client authentications are throttled per client id, and
     * other tests in this context use the registered ones.
     */
    private static final List<Operation> PROTOCOL = List.of(
            new Operation("POST", "/oauth2/token", List.of("grant_type", "code", "redirect_uri", "client_id",
                    "client_secret", "refresh_token", "scope", "code_verifier"), List.of()),
            new Operation("POST", "/oauth2/introspect", List.of("token", "token_type_hint", "client_id", "client_secret"),
                    List.of()),
            new Operation("POST", "/oauth2/revoke", List.of("token", "token_type_hint", "client_id", "client_secret"),
                    List.of()),
            new Operation("GET", "/oauth2/authorize", List.of(), List.of("response_type", "client_id", "redirect_uri",
                    "scope", "state", "code_challenge", "code_challenge_method", "nonce", "prompt")),
            new Operation("GET", "/userinfo", List.of(), List.of()),
            new Operation("GET", "/oauth2/jwks", List.of(), List.of()),
            new Operation("GET", "/.well-known/openid-configuration", List.of(), List.of()));

    /** The OpenAPI entry for the pattern, also for the unversioned alias (documented under /api/v1). */
    private static JsonNode described(JsonNode openApi, String pattern, String method) {
        String documented = pattern.startsWith("/api/") && !pattern.startsWith("/api/v1/")
                ? "/api/v1/" + pattern.substring("/api/".length()) : pattern;
        for (var path : openApi.get("paths").properties()) {
            if (path.getKey().replaceAll("\\{[^}]+}", "{}").equals(documented.replaceAll("\\{[^}]+}", "{}"))) {
                return path.getValue().path(method.toLowerCase(Locale.ROOT));
            }
        }
        return tools.jackson.databind.node.MissingNode.getInstance();
    }

    private static List<String> bodyFields(JsonNode openApi, JsonNode operation) {
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode content : operation.path("requestBody").path("content")) {
            JsonNode schema = content.path("schema");
            String ref = schema.path("$ref").asString("");
            if (ref.startsWith("#/components/schemas/")) {
                schema = openApi.at("/components/schemas/" + ref.substring("#/components/schemas/".length()));
            }
            schema.path("properties").propertyNames().forEach(names::add);
        }
        return List.copyOf(names);
    }

    /** Each body field's schema, for values on and just past its bounds (HostileValues#boundary). */
    private static Map<String, JsonNode> fieldSchemas(JsonNode openApi, JsonNode operation) {
        Map<String, JsonNode> schemas = new java.util.LinkedHashMap<>();
        for (JsonNode content : operation.path("requestBody").path("content")) {
            JsonNode schema = content.path("schema");
            String ref = schema.path("$ref").asString("");
            if (ref.startsWith("#/components/schemas/")) {
                schema = openApi.at("/components/schemas/" + ref.substring("#/components/schemas/".length()));
            }
            for (var property : schema.path("properties").properties()) {
                schemas.putIfAbsent(property.getKey(), property.getValue());
            }
        }
        return schemas;
    }

    private static List<String> queryParameters(JsonNode operation) {
        List<String> names = new ArrayList<>();
        for (JsonNode parameter : operation.path("parameters")) {
            if ("query".equals(parameter.path("in").asString(""))) {
                names.add(parameter.path("name").asString());
            }
        }
        return names;
    }
}
