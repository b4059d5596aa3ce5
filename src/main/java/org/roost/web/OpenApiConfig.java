package org.roost.web;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(title = "Roost API", version = "v1",
        description = "Users, posts and followers. Errors share one body; see docs/api.md for every decision."))
class OpenApiConfig {
}
