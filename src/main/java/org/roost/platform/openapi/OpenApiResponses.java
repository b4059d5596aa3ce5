package org.roost.platform.openapi;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.jspecify.annotations.Nullable;
import org.roost.platform.web.RequestIds;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;

/**
 * Completes what springdoc infers: snake_case property names (as the API writes them), the real
 * success status of each operation, a summary, and the error responses it can give (each operation's
 * {@link Outcomes}, beside its controller method), all with the one
 * error body ({@code ErrorBody}), and the response headers every answer carries ({@code X-Request-Id};
 * under /api the rate limit's {@code RateLimit} and {@code RateLimit-Policy}; {@code Retry-After} on 429
 * and 503). It runs first, so that other customizers (Idempotency-Key) add to the finished responses.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiResponses {

    static final String ERROR_SCHEMA = "ErrorBody";

    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("400", "Malformed request or invalid fields"),
            Map.entry("401", "No valid credential"),
            Map.entry("403", "Not allowed (or CSRF token missing)"),
            Map.entry("404", "No such resource"),
            Map.entry("409", "Conflict"),
            Map.entry("412", "If-Match does not match the current ETag"),
            Map.entry("413", "Body too large"),
            Map.entry("406", "The Accept header allows none of this operation's representations"),
            Map.entry("415", "Unsupported media type"),
            Map.entry("429", "Too many requests; see Retry-After"),
            Map.entry("501", "A method or transfer coding the server does not implement (refused before any filter)"),
            Map.entry("503", "A dependency is unavailable; see Retry-After"));

    /** Property names as the API writes them (spring.jackson: snake_case); springdoc's mapper is its own. */
    @Bean
    ModelResolver snakeCaseModels() {
        return new ModelResolver(Json.mapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));
    }

    /**
     * Each operation's outcomes, from the {@link Outcomes} beside its controller method: no table here lists the
     * operations, so a feature adds one without editing this package.
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    OperationCustomizer outcomesBesideTheirControllers() {
        return (operation, handler) -> {
            Outcomes outcomes = handler.getMethodAnnotation(Outcomes.class);
            complete(operation, outcomes);
            if (outcomes != null && outcomes.open()) {
                operation.setSecurity(List.of());
            }
            return operation;
        };
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    OpenApiCustomizer responsesAndErrorBody() {
        return openApi -> {
            openApi.getComponents().addSchemas(ERROR_SCHEMA, errorBody());
            HEADERS.forEach(openApi.getComponents()::addHeaders);
            openApi.setServers(List.of(new io.swagger.v3.oas.models.servers.Server().url("/")
                    .description("This service (the origin you reach it at)")));
            openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                if (operation.getTags() != null && operation.getTags().contains("graphql")) {
                    return; // GraphQL's operations describe their own responses (graphqltransport.GraphQlOpenApi)
                }
                operation.getResponses().forEach((status, response) -> addHeaders(path, method.name(), status, response));
            }));
        };
    }

    private static final Map<String, Header> HEADERS = Map.of(
            RequestIds.HEADER, new Header().required(true).description("The id of this request, as logged and as"
                    + " error bodies report it: the client's own when it sent a safe one (letters, digits, '.', '_', '-',"
                    + " up to 64).").schema(new StringSchema().example("3f2c9a8e-1b7d-4c55-9b0e-6f1a2d3c4b5a")),
            HttpHeaders.LOCATION, new Header().required(true).description("Where the created resource is.")
                    .schema(new StringSchema().example("/api/v1/users/42")),
            HttpHeaders.ETAG, new Header().required(true).description("The representation's strong tag: send it back in"
                    + " If-None-Match (304 when unchanged) or If-Match (a write that must not overwrite a change).")
                    .schema(new StringSchema().example("\"0a1b2c3d4e5f\"")),
            "RateLimit-Policy", new Header().description("The caller's rate limit (IETF httpapi RateLimit headers draft):"
                    + " q tokens per w seconds; a read costs 1, a write 5. Absent when rate limits are off.")
                    .schema(new StringSchema().example("\"default\";q=1200;w=60")),
            "RateLimit", new Header().description("What is left of it: r tokens, full again after t seconds"
                    + " (0 while tokens remain).").schema(new StringSchema().example("\"default\";r=1195;t=0")),
            "Retry-After", new Header().description("Seconds to wait before trying again.")
                    .schema(new IntegerSchema().example(5)));

    private static void addHeaders(String path, String method, String status, ApiResponse response) {
        add(response, RequestIds.HEADER);
        // The rate limit is charged after authentication: a 401 never reached it, nor a 501 (refused before any filter)
        if (path.startsWith("/api/") && !status.equals("401") && !status.equals("501")) {
            add(response, "RateLimit-Policy");
            add(response, "RateLimit");
        }
        if (status.equals("429") || status.equals("503")) {
            add(response, "Retry-After");
        }
        if (status.equals("201")) {
            add(response, HttpHeaders.LOCATION);
        }
        if (status.equals("200") && method.equals("GET")) {
            add(response, HttpHeaders.ETAG); // every representation a GET answers with is tagged (RepresentationTags)
        }
    }

    /** A header of {@code components/headers}, by reference. */
    private static void add(ApiResponse response, String header) {
        response.addHeaderObject(header, new Header().$ref("#/components/headers/" + header));
    }

    /**
     * What any operation may answer: 400 for a request HTTP itself finds malformed (an undecodable query, a header
     * the firewall refuses), 401 for a broken bearer token (checked even where none is needed), a rate limit, a
     * dependency that is down, and 501 for a method or a {@code Transfer-Encoding} the server does not implement
     * (refused on every path before any filter: gateway.security.FirewallRefusals, platform.web.JsonErrorReportValve).
     */
    private static final List<String> ANYWHERE = List.of("400", "401", "429", "501", "503");

    /** @param outcomes the operation's, or null: then it answers 200 or the inferred status, or 400, 401, 403, 404 */
    private static void complete(Operation operation, @Nullable Outcomes outcomes) {
        String successStatus = outcomes != null ? outcomes.success() : successOf(operation);
        List<String> errors = outcomes != null ? List.of(outcomes.errors()) : List.of("400", "401", "403", "404");
        operation.setSummary(operation.getSummary() != null ? operation.getSummary() : words(operation.getOperationId()));
        if (outcomes != null && outcomes.beyondSchema().length > 0) {
            Map<String, String> beyond = new TreeMap<>();
            for (Outcomes.Rule rule : outcomes.beyondSchema()) {
                beyond.put(rule.field(), rule.rule());
            }
            operation.addExtension("x-validated-beyond-schema", beyond);
        }
        ApiResponses responses = operation.getResponses();
        ApiResponse generated = responses.remove("200");
        ApiResponse success = generated == null ? new ApiResponse() : generated;
        success.setDescription(switch (successStatus) {
            case "201" -> "Created";
            case "204" -> "No content";
            case "202" -> "Accepted";
            default -> "OK";
        });
        if ("204".equals(successStatus)) {
            success.setContent(null);
        }
        if (outcomes != null && outcomes.binary().length > 0) {
            Content images = new Content();
            for (String type : outcomes.binary()) {
                images.addMediaType(type, new MediaType().schema(new StringSchema().format("binary")));
            }
            success.setContent(images);
        }
        responses.addApiResponse(successStatus, success);
        List<String> refusals = new java.util.ArrayList<>(ANYWHERE);
        // An Accept header that rules out JSON is refused before anything is done, on a bodiless operation too:
        // its refusal would be JSON (the error body), and nothing is changed on a request that cannot read it.
        refusals.add("406");
        if (operation.getRequestBody() != null) {
            refusals.addAll(List.of("413", "415")); // a body too large, or of a type the operation does not read
        }
        for (String status : java.util.stream.Stream.concat(errors.stream(), refusals.stream()).distinct().toList()) {
            responses.addApiResponse(status, new ApiResponse().description(REASONS.get(status))
                    .content(new Content().addMediaType("application/json", new MediaType()
                            .schema(new Schema<>().$ref("#/components/schemas/" + ERROR_SCHEMA)))));
        }
    }

    private static String successOf(Operation operation) {
        return operation.getResponses() == null ? "200" : operation.getResponses().keySet().stream()
                .filter(status -> status.startsWith("2")).findFirst().orElse("200");
    }

    /** {@code listFeed} reads "List feed". */
    private static String words(String operationId) {
        String spaced = operationId.replaceAll("([A-Z])", " $1").toLowerCase(java.util.Locale.ROOT);
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    private static Schema<?> codes() {
        StringSchema codes = new StringSchema();
        java.util.Arrays.stream(org.roost.platform.shared.ErrorCode.values()).forEach(code -> codes.addEnumItem(code.name()));
        return codes.example(org.roost.platform.shared.ErrorCode.VALIDATION_ERROR.name());
    }

    private static Schema<?> errorBody() {
        Schema<?> violation = new ObjectSchema().addProperty("field", new StringSchema())
                .addProperty("message", new StringSchema()).required(List.of("field", "message"));
        Schema<?> error = new ObjectSchema()
                .addProperty("code", codes())
                .addProperty("message", new StringSchema().example("The request has invalid fields."))
                .addProperty("details", new ArraySchema().items(violation))
                .required(List.of("code", "message", "details"));
        return new ObjectSchema().description("The one error body of every failure")
                .addProperty("error", error)
                .addProperty("request_id", new StringSchema().example("3f2c9a8e-1b7d-4c55-9b0e-6f1a2d3c4b5a"))
                .addProperty("timestamp", new StringSchema().format("date-time"))
                .addProperty("second_factor", new ObjectSchema().description("Only with SECOND_FACTOR_REQUIRED: send"
                        + " step_token and a code to the endpoint's /second-factor (docs/api.md, \"Two-factor sign-in\")")
                        .addProperty("step_token", new StringSchema())
                        .addProperty("expires_in", new io.swagger.v3.oas.models.media.IntegerSchema().example(300))
                        .addProperty("methods", new ArraySchema().items(new StringSchema().example("totp")))
                        .required(List.of("step_token", "expires_in", "methods")))
                .required(List.of("error", "request_id", "timestamp"));
    }
}
