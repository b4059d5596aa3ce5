package org.roost.platform.openapi;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import org.roost.platform.shared.Caller;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document describes the public API only: {@code springdoc.paths-to-match} leaves out the
 * unversioned {@code /api} alias (noted once in the description), {@code /error} and the HTML pages;
 * the {@link Caller} argument, resolved from the credential, is not a parameter. Each operation's id,
 * summary and tag (by resource) are springdoc's {@code @Operation} on its controller method, its
 * statuses an {@link Outcomes} beside it: nothing here lists the features.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(title = "Roost API", version = "v1",
        license = @License(name = "Apache-2.0", url = "https://www.apache.org/licenses/LICENSE-2.0"),
        description = """
                Users, posts (with replies and mentions), followers, likes and notifications. Every error has the same body (`ErrorBody`). Every path under \
                `/api/v1` is also served, identically, under `/api` (the unversioned alias, currently v1); \
                this document lists each operation once."""))
class OpenApiConfig {

    static {
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
    }
}
