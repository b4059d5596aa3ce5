package org.roost.platform.web;

import org.apache.catalina.Valve;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import tools.jackson.databind.json.JsonMapper;

/** Puts {@link JsonErrorReportValve} where Tomcat (and Boot) would put the HTML {@link ErrorReportValve}. */
@Configuration(proxyBeanMethods = false)
class ContainerErrorsConfig {

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonContainerErrors(ErrorResponses errors, JsonMapper json) {
        return factory -> factory.addContextCustomizers(context -> {
            var host = context.getParent();
            for (Valve valve : host.getPipeline().getValves()) {
                if (valve instanceof ErrorReportValve) {
                    host.getPipeline().removeValve(valve);
                }
            }
            host.getPipeline().addValve(new JsonErrorReportValve(errors, json));
            // Otherwise the host adds Tomcat's own valve again when it starts.
            if (host instanceof org.apache.catalina.core.StandardHost standard) {
                standard.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
        });
    }
}
