package org.roost.graphql.openapi;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;

import org.roost.graphql.GraphQlSettings;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /graphql} and {@code GET /graphql} in the OpenAPI document, so that contract tools reach GraphQL too.
 * What an operation may ask is the schema's business ({@code /graphql/schema}); this says how a request is shaped,
 * which statuses answer it (GraphQL over HTTP: 200 for {@code application/json}; under
 * {@code application/graphql-response+json} the status the first error stands for), and that the security filters
 * answer with the REST error body before GraphQL sees the request.
 */
@Configuration(proxyBeanMethods = false)
class GraphQlOpenApi {

    private static final String RESPONSE = "GraphQlResponse";
    private static final String REQUEST = "GraphQlRequest";
    private static final String ERROR_BODY = "#/components/schemas/ErrorBody";
    private static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";

    /** Statuses a refusal takes under {@code application/graphql-response+json}, or from the security filters. */
    private static final Map<String, String> REFUSALS = Map.ofEntries(
            Map.entry("400", "Malformed request, invalid document or variables, or over the complexity limits"),
            Map.entry("401", "No valid credential, where the operation needs one"),
            Map.entry("403", "Not allowed, or the CSRF token is missing (session cookie)"),
            Map.entry("404", "A persisted query's hash is unknown, or the operation named no object"),
            Map.entry("405", "A mutation or subscription sent with GET (Allow: POST)"),
            Map.entry("406", "A subscription without Accept: text/event-stream"),
            Map.entry("413", "Body too large"),
            Map.entry("415", "A body that is not application/json"),
            Map.entry("429", "Too many requests, or too many open subscriptions; see Retry-After"),
            Map.entry("500", "An unexpected failure, without data (the detail is logged with the request id)"),
            Map.entry("501", "A method or transfer coding the server does not implement (refused before any filter)"),
            Map.entry("503", "A dependency is unavailable; see Retry-After"));

    @Bean
    OpenApiCustomizer graphQlOverHttp(GraphQlSettings settings) {
        return openApi -> {
            openApi.getComponents().addSchemas(REQUEST, request(settings)).addSchemas(RESPONSE, response());
            Operation post = operation("graphQlPost", "Run a GraphQL operation")
                    .requestBody(new RequestBody().required(true).content(new Content().addMediaType("application/json",
                            new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + REQUEST)))));
            Operation get = operation("graphQlGet", "Run a GraphQL query (never a mutation)")
                    .parameters(List.of(query("query", "The document; absent when extensions name a persisted query"),
                            query("operationName", "Which operation of the document to run"),
                            query("variables", "The variables, as a JSON object"),
                            query("extensions", "Extensions, as a JSON object (persistedQuery: version 1, sha256Hash)")));
            get.getResponses().remove("415");
            post.getResponses().remove("405");
            openApi.getPaths().addPathItem("/graphql", new PathItem().post(post).get(get));
        };
    }

    private static Operation operation(String id, String summary) {
        Content results = new Content()
                .addMediaType("application/json", new MediaType().schema(ref(RESPONSE)))
                .addMediaType(GRAPHQL_RESPONSE_JSON, new MediaType().schema(ref(RESPONSE)))
                .addMediaType("text/event-stream", new MediaType().schema(new StringSchema().description(
                        "graphql-sse (distinct connections): a 'next' event per result, then 'complete'")));
        ApiResponses responses = new ApiResponses().addApiResponse("200", headers(new ApiResponse()
                .description("The result: data, errors or both (always 200 for application/json)").content(results), "200"));
        REFUSALS.forEach((status, reason) -> responses.addApiResponse(status, headers(new ApiResponse().description(reason)
                .content(new Content()
                        .addMediaType("application/json", new MediaType().schema(new Schema<>()
                                .anyOf(List.of(ref(RESPONSE), new Schema<>().$ref(ERROR_BODY)))))
                        .addMediaType(GRAPHQL_RESPONSE_JSON, new MediaType().schema(ref(RESPONSE)))), status)));
        return new Operation().operationId(id).summary(summary).tags(List.of("graphql")).responses(responses);
    }

    private static ApiResponse headers(ApiResponse response, String status) {
        response.addHeaderObject("X-Request-Id", new Header().$ref("#/components/headers/X-Request-Id"));
        // Charged after authentication: a 401 from the filters has none, one from the operation has them
        response.addHeaderObject("RateLimit-Policy", new Header().$ref("#/components/headers/RateLimit-Policy"));
        response.addHeaderObject("RateLimit", new Header().$ref("#/components/headers/RateLimit"));
        if (status.equals("429") || status.equals("503")) {
            response.addHeaderObject("Retry-After", new Header().$ref("#/components/headers/Retry-After"));
        }
        return response;
    }

    private static Parameter query(String name, String description) {
        return new QueryParameter().name(name).required(false).description(description).schema(new StringSchema());
    }

    private static Schema<?> ref(String name) {
        return new Schema<>().$ref("#/components/schemas/" + name);
    }

    private static Schema<?> request(GraphQlSettings settings) {
        // Other members are read past, as GraphQL over HTTP clients expect (HttpOperation reads these four): the
        // schema says so rather than promise a refusal that never comes.
        return new ObjectSchema().description("One operation (a JSON array, a batch, is refused); members other"
                        + " than these four are ignored")
                .additionalProperties(true)
                .addProperty("query", new Schema<>().types(java.util.Set.of("string", "null"))
                        .maxLength((int) settings.maxDocumentSize().toBytes())
                        .description("The document; absent (or null) when extensions name a persisted query"))
                .addProperty("operationName", new Schema<>().types(java.util.Set.of("string", "null")))
                .addProperty("variables", new Schema<>().types(java.util.Set.of("object", "null")))
                .addProperty("extensions", new Schema<>().types(java.util.Set.of("object", "null")));
    }

    private static Schema<?> response() {
        Schema<?> error = new ObjectSchema().addProperty("message", new StringSchema())
                .addProperty("locations", new ArraySchema().items(new ObjectSchema()))
                .addProperty("path", new ArraySchema().items(new Schema<>()))
                .addProperty("extensions", new ObjectSchema()
                        .addProperty("code", new StringSchema().example("UNAUTHENTICATED")
                                .description("A code of the error contract"))
                        .addProperty("request_id", new StringSchema()))
                .required(List.of("message"));
        return new ObjectSchema().description("GraphQL's response: data, errors or both").required(new java.util.ArrayList<>())
                .addProperty("data", new Schema<>().types(java.util.Set.of("object", "null")))
                .addProperty("errors", new ArraySchema().items(error))
                .addProperty("extensions", new ObjectSchema());
    }
}
