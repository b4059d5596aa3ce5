package org.roost.platform.web.routing;

import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** Boot's MVC configuration, with {@link PathIndexedHandlerMapping} as its {@code @RequestMapping} handler mapping. */
@Configuration(proxyBeanMethods = false)
class RoutingConfig {

    @Bean
    WebMvcRegistrations pathIndexedHandlerMapping() {
        return new WebMvcRegistrations() {
            @Override
            public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
                return new PathIndexedHandlerMapping();
            }
        };
    }
}
