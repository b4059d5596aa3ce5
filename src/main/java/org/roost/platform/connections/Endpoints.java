package org.roost.platform.connections;

import java.lang.reflect.Method;
import java.util.Optional;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A connector's endpoint, which holds its open connections. */
final class Endpoints {

    private static final Logger log = LoggerFactory.getLogger(Endpoints.class);

    private Endpoints() {
    }

    /**
     * AbstractProtocol#getEndpoint is protected and Tomcat has no public way from a Connector to its open
     * connections (AbstractEndpoint#getConnections); reflection here is the alternative to replacing the
     * protocol class with a subclass of our own. Empty, with one warning, if a Tomcat upgrade takes it away.
     */
    static Optional<AbstractEndpoint<?, ?>> of(Connector connector) {
        if (!(connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol)) {
            return Optional.empty();
        }
        try {
            Method getEndpoint = AbstractProtocol.class.getDeclaredMethod("getEndpoint");
            getEndpoint.setAccessible(true);
            return Optional.of((AbstractEndpoint<?, ?>) getEndpoint.invoke(protocol));
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("No access to Tomcat's connections; connection deadlines are not enforced: {}", e.toString());
            return Optional.empty();
        }
    }
}
