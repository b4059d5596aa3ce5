package org.roost.platform.connections;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/** Keeps Tomcat's connectors for the sweeper and fits max-connections into the open-file limit. */
@Configuration(proxyBeanMethods = false)
class ConnectionsConfig {

    private static final Logger log = LoggerFactory.getLogger(ConnectionsConfig.class);

    private final List<Connector> connectors = new CopyOnWriteArrayList<>();
    private final InServiceRequests inService = new InServiceRequests();

    // Last, so that Boot's own customizer has already applied server.tomcat.max-connections.
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> connectionLimits() {
        return factory -> {
            factory.addEngineValves(inService);
            factory.addConnectorCustomizers(connector -> {
                connectors.add(connector);
                if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
                    fitIntoFileLimit(protocol);
                }
                if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http11) {
                    // Tomcat's default answers "100 Continue" before the application sees the request, so a
                    // client that asked first still sends a body we then refuse unread (413, 401): the connection
                    // closes under it and the refusal can be lost to a reset. On first read, the refusal comes
                    // instead of the 100 and nothing is sent in vain.
                    http11.setContinueResponseTiming("onRead");
                }
            });
        };
    }

    @Bean
    ConnectionSweeper connectionSweeper(ConnectionsProperties properties, MeterRegistry meters) {
        return new ConnectionSweeper(connectors, inService, properties, meters);
    }

    private static void fitIntoFileLimit(AbstractProtocol<?> protocol) {
        int configured = protocol.getMaxConnections();
        var limit = FileLimit.openFileLimit();
        if (limit.isEmpty()) {
            log.info("Tomcat max-connections {} (the open-file limit is unknown here)", configured);
            return;
        }
        int effective = FileLimit.effectiveMaxConnections(configured, limit.getAsLong());
        if (effective < configured) {
            // Past the file limit, accept() fails with "Too many open files" and everything else (logs, the
            // database pool) fails with it; fewer connections instead make new ones wait in the accept queue.
            log.warn("server.tomcat.max-connections {} plus {} descriptors of headroom exceeds the open-file limit "
                    + "(ulimit -n) {}: using max-connections {}; raise ulimit -n to allow more",
                    configured, FileLimit.headroom(limit.getAsLong()), limit.getAsLong(), effective);
            protocol.setMaxConnections(effective);
        } else {
            log.info("Tomcat max-connections {} (open-file limit {})", effective, limit.getAsLong());
        }
    }
}
