package org.roost.platform.connections;

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
            closeInsteadOfSwallowing(request, coyote);
        }
    }

    /**
     * A body the application left unread (a request refused before reading it) would be swallowed after the
     * response, at the client's pace, beyond the sweeper's reach (the request has left this valve): a trickle
     * holds the connection for as long as it lasts. Tomcat closes the connection instead, as it does for a body
     * over max-swallow-size; the client loses only keep-alive.
     */
    private static void closeInsteadOfSwallowing(org.apache.catalina.connector.Request request, Request coyote) {
        var length = Offence.declaredLength(coyote);
        if (length.isEmpty()) {
            return; // a Content-Length that is no number: Tomcat answered 400 and reads no body of it
        }
        long declared = length.getAsLong();
        // A chunked body declares no length: unread is what Tomcat's input filter says (its last chunk unparsed).
        boolean unread = declared > 0 ? coyote.getBytesRead() < declared : declared < 0 && !Offence.fullyRead(coyote);
        // Refused requests only: Tomcat marks this an error state, and turns any status under 400 into a 500 (a
        // DELETE that ignored a body it was sent answered 500 instead of 204); a success's unread body is still
        // swallowed, each read bounded by connection-timeout.
        if (!request.isAsync() && unread && coyote.getResponse().getStatus() >= 400) {
            coyote.action(ActionCode.DISABLE_SWALLOW_INPUT, null);
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
