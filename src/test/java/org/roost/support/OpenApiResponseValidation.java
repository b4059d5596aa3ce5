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
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultHandler;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * Checks every response that an integration test receives through MockMvc against the service's own
 * OpenAPI document: a documented path must answer with a documented status, and a JSON body must
 * validate against that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). A mismatch fails
 * the test that received the response, naming the operation and what did not match.
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

    /** The document, read once from the running application. */
    static final class Document implements ResultHandler {

        private final WebApplicationContext context;
        private volatile JsonNode root;
        private volatile List<Map.Entry<Pattern, String>> paths;

        Document(WebApplicationContext context) {
            this.context = context;
        }

        @Override
        public void handle(MvcResult result) throws Exception {
            String uri = result.getRequest().getRequestURI();
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
            String method = result.getRequest().getMethod().toLowerCase(java.util.Locale.ROOT);
            JsonNode operation = root.path("paths").path(template.get()).path(method);
            if (operation.isMissingNode()) {
                return; // 405s and OPTIONS: not operations of the document
            }
            MockHttpServletResponse response = result.getResponse();
            String status = Integer.toString(response.getStatus());
            if (status.equals("304")) {
                return; // conditional GETs: a 304 has no body, HTTP's own semantics
            }
            JsonNode documented = operation.path("responses").path(status);
            String where = method.toUpperCase(java.util.Locale.ROOT) + " " + template.get() + " -> " + status;
            if (documented.isMissingNode()) {
                throw new AssertionError("OpenAPI: undocumented status " + where + " (operation "
                        + operation.path("operationId").asText() + ")");
            }
            String type = response.getContentType();
            byte[] body = response.getContentAsByteArray();
            if (body.length == 0 || type == null || !type.startsWith("application/json")) {
                return;
            }
            JsonNode schema = documented.path("content").path("application/json").path("schema");
            if (schema.isMissingNode()) {
                schema = documented.path("content").path("*/*").path("schema");
            }
            if (schema.isMissingNode()) {
                throw new AssertionError("OpenAPI: no JSON schema documented for " + where);
            }
            ObjectNode wrapper = JSON.createObjectNode();
            wrapper.set("components", root.path("components"));
            wrapper.set("$defs", JSON.createObjectNode().set("response", schema));
            wrapper.put("$ref", "#/$defs/response");
            Set<ValidationMessage> errors = SCHEMAS.getSchema(wrapper)
                    .validate(JSON.readTree(new String(body, StandardCharsets.UTF_8)));
            if (!errors.isEmpty()) {
                throw new AssertionError("OpenAPI: response of " + where + " does not match its schema: " + errors
                        + "\nbody: " + new String(body, StandardCharsets.UTF_8));
            }
        }

        private void load() throws Exception {
            if (root != null) {
                return;
            }
            synchronized (this) {
                if (root == null) {
                    String text = MockMvcBuilders.webAppContextSetup(context).build()
                            .perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get("/v3/api-docs"))
                            .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
                    JsonNode document = JSON.readTree(text);
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
