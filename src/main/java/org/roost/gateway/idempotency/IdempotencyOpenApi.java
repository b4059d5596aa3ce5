package org.roost.gateway.idempotency;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Declares the {@code Idempotency-Key} header on exactly the operations the filter covers, with the
 * {@code Idempotent-Replayed} header of a replayed answer (after {@code openapi.OpenApiResponses} has shaped
 * the responses, which runs first).
 */
@Configuration(proxyBeanMethods = false)
class IdempotencyOpenApi {

    @Bean
    OpenApiCustomizer idempotencyKeyHeader() {
        return openApi -> {
            if (openApi.getPaths() == null) {
                return;
            }
            openApi.getPaths().forEach((path, item) -> {
                Operation post = item.getPost();
                if (path.startsWith("/api/") && post != null && post.getRequestBody() != null
                        && covered(post.getRequestBody().getContent())) {
                    post.addParametersItem(new HeaderParameter().name(IdempotencyFilter.HEADER).required(false)
                            .schema(new StringSchema().minLength(1).maxLength(257)
                                    // 1 to 255 visible ASCII characters, or the same as a quoted structured-field string
                                    .pattern("^(?:\"[\\x20-\\x7E]{1,255}\"|(?!\"[\\x20-\\x7E]*\"$)[\\x20-\\x7E]{1,255})$"))
                            .description("Makes the request safe to retry (IETF httpapi Idempotency-Key draft): a repeat"
                                    + " with the same key and body from the same caller within 24 h gets the first"
                                    + " response back (with Idempotent-Replayed: true) and creates nothing."));
                    describe(post, "409", "IDEMPOTENCY_KEY_IN_USE: the first request with this key is still running"
                            + " (Retry-After).");
                    post.getResponses().get("409").addHeaderObject("Retry-After",
                            new Header().$ref("#/components/headers/Retry-After"));
                    post.getResponses().forEach((status, response) -> {
                        if (status.startsWith("2")) {
                            response.addHeaderObject(IdempotencyFilter.REPLAYED, new Header().description(
                                    "true when this is the stored response of an earlier request with the same key.")
                                    .schema(new StringSchema()._enum(java.util.List.of("true"))));
                        }
                    });
                    describe(post, "422", "IDEMPOTENCY_KEY_REUSED: this key was used for a different request.");
                }
            });
        };
    }

    private static void describe(Operation operation, String status, String text) {
        ApiResponse existing = operation.getResponses().get(status);
        if (existing == null) {
            operation.getResponses().addApiResponse(status, new ApiResponse().description(text).content(
                    new Content().addMediaType("application/json", new io.swagger.v3.oas.models.media.MediaType()
                            .schema(new io.swagger.v3.oas.models.media.Schema<>().$ref("#/components/schemas/ErrorBody")))));
        }
        else {
            existing.setDescription(existing.getDescription() == null ? text : existing.getDescription() + " Or " + text);
        }
    }

    private static boolean covered(Content content) {
        return content != null && content.keySet().stream().noneMatch(type -> type.startsWith("multipart/"));
    }
}
