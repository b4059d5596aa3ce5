package org.roost.connections;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.apache.coyote.Request;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.jspecify.annotations.Nullable;

/**
 * The requests being served, by the connection they came on. While a request is served Tomcat takes its processor
 * off the connection (SocketWrapperBase#getCurrentProcessor is null), so the sweeper finds a request whose body is
 * still arriving here instead. Keyed by the socket's peer address and port, which proxies cannot rewrite.
 */
final class InServiceRequests extends ValveBase {

    private final Map<String, Request> byPeer = new ConcurrentHashMap<>();

    InServiceRequests() {
        super(true);
    }

    @Override
    public void invoke(org.apache.catalina.connector.Request request, Response response)
            throws IOException, ServletException {
        Request coyote = request.getCoyoteRequest();
        // The socket's own figures, not the ones RemoteIpValve may have put on the catalina request.
        coyote.action(ActionCode.REQ_PEER_ADDR_ATTRIBUTE, coyote);
        coyote.action(ActionCode.REQ_REMOTEPORT_ATTRIBUTE, coyote);
        String peer = key(coyote.peerAddr().toString(), coyote.getRemotePort());
        byPeer.put(peer, coyote);
        try {
            getNext().invoke(request, response);
        } finally {
            byPeer.remove(peer, coyote);
        }
    }

    @Nullable Request of(SocketWrapperBase<?> connection) {
        String address = connection.getRemoteAddr();
        return address == null ? null : byPeer.get(key(address, connection.getRemotePort()));
    }

    private static String key(String address, int port) {
        return address + " " + port;
    }
}
