package org.roost.authorization.registration;

import java.util.List;

import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /api/v1/apps} as strict in the OpenAPI document as {@link Apps#register} is in code: every member
 * required, {@code type} and {@code scopes} from their lists, the same limits. NewApp keeps its members nullable in
 * Java so that a missing one is refused by these rules (400 naming it), never by the reader; the document states
 * the rules themselves.
 */
@Configuration(proxyBeanMethods = false)
class AppsOpenApi {

    @Bean
    OpenApiCustomizer newAppRules() {
        return openApi -> {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            Schema<?> app = openApi.getComponents().getSchemas().get("NewApp");
            if (app == null) {
                return;
            }
            // The limits of Apps#register and RedirectUriRules#problem (the tests hold both to each other)
            app.setRequired(List.of("name", "redirect_uris", "type", "scopes"));
            app.addProperty("name", new StringSchema().minLength(1).maxLength(100)
                    .description("Not blank"));
            app.addProperty("redirect_uris", new ArraySchema().minItems(1).maxItems(10)
                    .items(new StringSchema().minLength(1).maxLength(2000)
                            .description("https, or http on a loopback address (127.0.0.1, [::1], localhost); no"
                                    + " wildcard, fragment or user information")));
            app.addProperty("type", new StringSchema()._enum(List.of("public", "confidential")));
            app.addProperty("scopes", new ArraySchema().minItems(1)
                    .items(new StringSchema()._enum(AppScopes.ALLOWED.stream().sorted().toList())));
        };
    }
}
