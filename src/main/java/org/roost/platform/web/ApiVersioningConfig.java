package org.roost.platform.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.accept.ApiVersionDeprecationHandler;
import org.springframework.web.accept.ApiVersionResolver;
import org.springframework.web.accept.StandardApiVersionDeprecationHandler;

/**
 * The version lives in the path ({@code /api/v1}); the unversioned {@code /api} alias is the
 * current version. Resolving it through Spring's API versioning lets Spring's RFC 9745/8594
 * handler announce deprecations, configured per path in {@code roost.api.deprecations}.
 */
@Configuration(proxyBeanMethods = false)
class ApiVersioningConfig {

    static final String CURRENT = "1";

    @Bean
    ApiVersionResolver apiVersionResolver() {
        return request -> {
            return RequestPaths.isUnder(request, "/api") ? CURRENT : null;
        };
    }

    @Bean
    ApiVersionDeprecationHandler apiVersionDeprecationHandler(ApiProperties properties) {
        StandardApiVersionDeprecationHandler handler = new StandardApiVersionDeprecationHandler();
        for (ApiProperties.Deprecation deprecation : properties.deprecations()) {
            var spec = handler.configureVersion(CURRENT)
                    .setRequestPredicate(request -> RequestPaths.of(request).startsWith(deprecation.pathPrefix()))
                    .setDeprecationDate(deprecation.since());
            if (deprecation.sunset() != null) {
                spec.setSunsetDate(deprecation.sunset());
            }
            if (deprecation.link() != null) {
                spec.setDeprecationLink(java.net.URI.create(deprecation.link()));
            }
        }
        return handler;
    }
}
