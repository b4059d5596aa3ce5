package org.roost.platform.connections;

import java.io.IOException;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/** Closing a connection from outside Tomcat's threads, each state by the path that releases what it holds. */
final class Closing {

    private Closing() {
    }

    static void close(AbstractEndpoint<?, ?> endpoint, SocketWrapperBase<?> connection, boolean beingServed) {
        if (beingServed) {
            endInput(connection);
        } else if (connection.getCurrentProcessor() == null) {
            // Idle (no processor): nothing to release, and an ERROR event would first create a processor for it.
            connection.close();
        } else if (!dispatchError(endpoint, connection)) {
            connection.close();
        }
    }

    /**
     * The request's thread may be blocked reading the body and holds the connection's lock, so an ERROR event would
     * wait for it, and close() would leave it waiting until connection-timeout (Tomcat does not wake a blocked
     * reader on close) while the channel goes back to Tomcat's cache. Ending the input wakes it with end of stream:
     * the request ends at once and Tomcat closes the connection on its own path.
     */
    private static void endInput(SocketWrapperBase<?> connection) {
        try {
            if (connection.getSocket() instanceof NioChannel channel) {
                channel.getIOChannel().shutdownInput();
                return;
            }
        } catch (IOException | RuntimeException e) {
            // closed meanwhile, or not a socket channel: close() below
        }
        connection.close();
    }

    /**
     * Closes through Tomcat's own path (as its read timeout does): the processor is released and its request
     * statistics unregistered, which a bare close() would leak for a connection waiting between header bytes.
     */
    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static boolean dispatchError(AbstractEndpoint endpoint, SocketWrapperBase<?> connection) {
        return endpoint.processSocket(connection, SocketEvent.ERROR, true);
    }
}
