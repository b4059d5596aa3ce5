package org.roost.support;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.roost.platform.shared.StrictUtf8;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultHandler;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * Checks every exchange that an integration test makes through MockMvc against the service's own OpenAPI
 * document. A documented path must answer with a documented status; a JSON body must validate against that
 * status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses); every header the document knows of that the response
 * carries must be declared for that status, and every header declared required must be there. The request is held
 * to the document too, so that document and code agree on what is valid: a request that breaks the document
 * (parameters, headers, JSON body) must be refused with a 4xx, and one that meets it must not be refused as invalid
 * ({@code VALIDATION_ERROR}). A mismatch fails the test that made the exchange, naming the operation and what did
 * not match.
 */
@TestConfiguration(proxyBeanMethods = false)
public class OpenApiResponseValidation {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    @Bean
    MockMvcBuilderCustomizer validateResponsesAgainstOpenApi(WebApplicationContext context) {
        Document document = new Document(context);
        return builder -> builder.alwaysDo(document);
    }

    private static final Map<String, Document> SERVED = new java.util.concurrent.ConcurrentHashMap<>();

    /** Checks an exchange made over real HTTP with the instance at {@code base}, against the document it serves. */
    static void check(String base, Exchange exchange) {
        if (exchange.path().startsWith("/v3/api-docs")) {
            return;
        }
        try {
            SERVED.computeIfAbsent(base, Document::new).check(exchange);
        }
        catch (AssertionError | RuntimeException failed) {
            throw failed;
        }
        catch (Exception unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }

    /** The document, read once from the running application. */
    static final class Document implements ResultHandler {

        private final java.util.concurrent.Callable<String> source;
        private volatile JsonNode root;
        private volatile List<Map.Entry<Pattern, String>> paths;

        Document(WebApplicationContext context) {
            this.source = () -> MockMvcBuilders.webAppContextSetup(context).build()
                    .perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get("/v3/api-docs"))
                    .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
        }

        /** Over real HTTP: the document that the instance at {@code base} serves. */
        Document(String base) {
            this.source = () -> java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                    .newBuilder(java.net.URI.create(base).resolve("/v3/api-docs")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        }

        @Override
        public void handle(MvcResult result) throws Exception {
            check(Exchange.of(result));
        }

        void check(Exchange exchange) throws Exception {
            String uri = exchange.path();
            if (uri.startsWith("/v3/api-docs")) {
                return;
            }
            load();
            // The unversioned alias serves the same operations.
            String path = uri.startsWith("/api/") && !uri.startsWith("/api/v1/") ? "/api/v1" + uri.substring(4) : uri;
            Optional<String> template = paths.stream().filter(entry -> entry.getKey().matcher(path).matches())
                    .map(Map.Entry::getValue).findFirst();
            if (template.isEmpty()) {
                return;
            }
            String method = exchange.method().toLowerCase(java.util.Locale.ROOT);
            JsonNode operation = root.path("paths").path(template.get()).path(method);
            if (operation.isMissingNode()) {
                return; // 405s and OPTIONS: not operations of the document
            }
            String status = Integer.toString(exchange.status());
            if (status.equals("304")) {
                return; // conditional GETs: a 304 has no body, HTTP's own semantics
            }
            JsonNode documented = operation.path("responses").path(status);
            String where = method.toUpperCase(java.util.Locale.ROOT) + " " + template.get() + " -> " + status;
            if (documented.isMissingNode()) {
                throw new AssertionError("OpenAPI: undocumented status " + where + " (operation "
                        + operation.path("operationId").asText() + ")");
            }
            checkRequest(exchange, operation, where);
            checkHeaders(documented, exchange, where);
            String type = exchange.responseContentType();
            byte[] body = exchange.responseBody();
            String mediaType = type == null ? "" : type.split(";")[0].trim();
            if (body.length == 0 || !(mediaType.equals("application/json") || mediaType.endsWith("+json"))) {
                return;
            }
            JsonNode schema = documented.path("content").path(mediaType).path("schema");
            if (schema.isMissingNode()) {
                schema = documented.path("content").path("application/json").path("schema");
            }
            if (schema.isMissingNode()) {
                schema = documented.path("content").path("*/*").path("schema");
            }
            if (schema.isMissingNode()) {
                throw new AssertionError("OpenAPI: no JSON schema documented for " + where);
            }
            Set<ValidationMessage> errors = validate(schema, JSON.readTree(new String(body, StandardCharsets.UTF_8)));
            if (!errors.isEmpty()) {
                throw new AssertionError("OpenAPI: response of " + where + " does not match its schema: " + errors
                        + "\nbody: " + new String(body, StandardCharsets.UTF_8));
            }
        }

        /** The headers the document describes; each one a response carries must be declared for its status. */
        private static final List<String> KNOWN_HEADERS = List.of("X-Request-Id", "RateLimit", "RateLimit-Policy",
                "Retry-After", "Location", "ETag");

        private void checkHeaders(JsonNode documented, Exchange exchange, String where) {
            JsonNode declared = documented.path("headers");
            for (String header : KNOWN_HEADERS) {
                if (exchange.responseHeader().apply(header) != null && declared.path(header).isMissingNode()) {
                    throw new AssertionError("OpenAPI: " + where + " carries " + header + ", which it does not declare");
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = declared.properties().iterator(); it.hasNext();) {
                Map.Entry<String, JsonNode> header = it.next();
                if (resolve(header.getValue()).path("required").asBoolean(false)
                        && exchange.responseHeader().apply(header.getKey()) == null) {
                    throw new AssertionError("OpenAPI: " + where + " lacks the required header " + header.getKey());
                }
            }
        }

        /** Document and code agree on what is valid: see the class comment. */
        private void checkRequest(Exchange exchange, JsonNode operation, String where) throws Exception {
            List<String> problems = requestProblems(exchange, operation);
            int status = exchange.status();
            if (!problems.isEmpty() && status < 400 && !graphQlRefusal(exchange)) {
                throw new AssertionError("OpenAPI: " + where + " accepted a request that breaks the document: " + problems);
            }
            if (problems.isEmpty() && status == 400 && refusedBeyondTheDocument(exchange, operation)) {
                throw new AssertionError("OpenAPI: " + where + " refused as invalid a request that meets the document"
                        + " (the document is looser than the code): " + new String(exchange.responseBody(), StandardCharsets.UTF_8));
            }
        }

        /** GraphQL over HTTP answers an application/json client's refused request with 200: errors and no data. */
        private static boolean graphQlRefusal(Exchange exchange) throws Exception {
            if (exchange.responseContentType() == null || !exchange.responseContentType().contains("json")
                    || exchange.responseBody().length == 0) {
                return false;
            }
            JsonNode body = JSON.readTree(exchange.responseBody());
            return body.path("errors").isArray() && !body.path("errors").isEmpty()
                    && (body.path("data").isMissingNode() || body.path("data").isNull());
        }

        /** A VALIDATION_ERROR naming a field that the operation does not list as checked beyond its schema. */
        private static boolean refusedBeyondTheDocument(Exchange exchange, JsonNode operation) throws Exception {
            JsonNode error = JSON.readTree(exchange.responseBody()).path("error");
            if (!"VALIDATION_ERROR".equals(error.path("code").asText())) {
                return false;
            }
            JsonNode beyond = operation.path("x-validated-beyond-schema");
            for (JsonNode detail : error.path("details")) {
                if (beyond.path(detail.path("field").asText()).isMissingNode()) {
                    return true;
                }
            }
            return error.path("details").isEmpty();
        }

        private List<String> requestProblems(Exchange request, JsonNode operation) throws Exception {
            List<String> problems = new ArrayList<>();
            for (JsonNode parameter : operation.path("parameters")) {
                parameter = resolve(parameter);
                String name = parameter.path("name").asText();
                String value = switch (parameter.path("in").asText()) {
                    case "query" -> request.parameter().apply(name);
                    case "header" -> request.requestHeader().apply(name);
                    default -> null; // path parameters: the route matched
                };
                if (value == null) {
                    if (parameter.path("required").asBoolean(false) && !"path".equals(parameter.path("in").asText())) {
                        problems.add(name + ": required");
                    }
                    continue;
                }
                JsonNode schema = parameter.path("schema");
                JsonNode typed = typed(value, schema);
                if (typed == null) {
                    problems.add(name + ": not a " + schema.path("type").asText());
                    continue;
                }
                validate(schema, typed).forEach(message -> problems.add(name + ": " + message.getMessage()));
            }
            JsonNode body = operation.path("requestBody");
            String type = request.requestContentType();
            if (!body.isMissingNode() && request.parts() != null) {
                JsonNode schema = resolve(body.path("content").path("multipart/form-data").path("schema"));
                for (JsonNode part : schema.path("required")) {
                    if (!request.parts().contains(part.asText())) {
                        problems.add(part.asText() + ": required part");
                    }
                }
            }
            byte[] content = request.requestBody();
            String bodyType = type == null ? "" : type.split(";")[0].trim();
            // A merge patch is JSON too, held to the schema the document gives its media type
            if (!body.isMissingNode()
                    && (bodyType.equals("application/json") || bodyType.equals("application/merge-patch+json"))) {
                JsonNode schema = body.path("content").path(bodyType).path("schema");
                if (content == null || content.length == 0) {
                    if (body.path("required").asBoolean(false)) {
                        problems.add("body: required");
                    }
                }
                else if (!schema.isMissingNode()) {
                    JsonNode json;
                    try {
                        // JSON is Unicode text in UTF-8 (RFC 8259): bytes that are not, or a lone surrogate, break it
                        if (StrictUtf8.firstInvalidByte(content) >= 0) {
                            problems.add("body: not UTF-8");
                            return problems;
                        }
                        json = JSON.readTree(content);
                        if (hasLoneSurrogate(json)) {
                            problems.add("body: a string holds an unpaired surrogate");
                        }
                    }
                    catch (java.io.IOException unreadable) {
                        problems.add("body: not JSON in UTF-8");
                        return problems;
                    }
                    validate(schema, json).forEach(message -> problems.add("body: " + message.getMessage()));
                }
            }
            return problems;
        }

        private static boolean hasLoneSurrogate(JsonNode node) {
            if (node.isTextual()) {
                return StrictUtf8.hasUnpairedSurrogate(node.asText());
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (StrictUtf8.hasUnpairedSurrogate(field.getKey()) || hasLoneSurrogate(field.getValue())) {
                    return true;
                }
            }
            for (JsonNode element : node.isArray() ? node : JSON.createArrayNode()) {
                if (hasLoneSurrogate(element)) {
                    return true;
                }
            }
            return false;
        }

        private static @org.jspecify.annotations.Nullable JsonNode typed(String value, JsonNode schema) {
            return switch (schema.path("type").asText()) {
                case "integer" -> {
                    try {
                        yield JSON.getNodeFactory().numberNode(Long.parseLong(value));
                    }
                    catch (NumberFormatException notANumber) {
                        yield null;
                    }
                }
                case "boolean" -> "true".equals(value) || "false".equals(value)
                        ? JSON.getNodeFactory().booleanNode(Boolean.parseBoolean(value)) : null;
                default -> JSON.getNodeFactory().textNode(value);
            };
        }

        private Set<ValidationMessage> validate(JsonNode schema, JsonNode value) {
            ObjectNode wrapper = JSON.createObjectNode();
            wrapper.set("components", root.path("components"));
            wrapper.set("$defs", JSON.createObjectNode().set("value", schema));
            wrapper.put("$ref", "#/$defs/value");
            return SCHEMAS.getSchema(wrapper).validate(value);
        }

        /** A {@code $ref} into the document's components, or the node itself. */
        private JsonNode resolve(JsonNode node) {
            String ref = node.path("$ref").asText("");
            if (!ref.startsWith("#/")) {
                return node;
            }
            JsonNode target = root;
            for (String part : ref.substring(2).split("/")) {
                target = target.path(part);
            }
            return target;
        }

        private void load() throws Exception {
            if (root != null) {
                return;
            }
            synchronized (this) {
                if (root == null) {
                    JsonNode document;
                    try {
                        document = JSON.readTree(source.call());
                    }
                    catch (java.io.IOException | InterruptedException notServed) {
                        document = JSON.createObjectNode(); // a server that serves no document (a proxy): nothing to hold it to
                    }
                    List<Map.Entry<Pattern, String>> templates = new ArrayList<>();
                    for (Iterator<String> names = document.path("paths").fieldNames(); names.hasNext();) {
                        String name = names.next();
                        templates.add(Map.entry(Pattern.compile(name.replaceAll("\\{[^/]+}", "[^/]+")), name));
                    }
                    paths = templates;
                    root = document;
                }
            }
        }
    }
}
