package org.roost.platform.connections;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.apache.coyote.Request;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.net.ApplicationBufferHandler;
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
            try {
                // while still listed here: a body read now is under the sweeper's minimum body rate
                closeInsteadOfSwallowing(request, response, coyote);
            }
            finally {
                byPeer.remove(peer, coyote);
            }
        }
    }

    /**
     * A body the application left unread (a request refused before reading it) would be swallowed after the
     * response, at the client's pace, beyond the sweeper's reach (the request has left this valve): a trickle
     * holds the connection for as long as it lasts. So it is dealt with here, while the sweeper still watches:
     * <ul>
     * <li>a response not yet sent closes the connection and says so ({@code Connection: close}), as Tomcat does for
     * a body over max-swallow-size; the client loses only keep-alive;</li>
     * <li>a response already sent (the error writers flush) went out without {@code Connection: close}, and closing
     * then lost the client's next request on the connection whenever it was sent before the close was seen (issue 47:
     * refused form posts, then a write lost). The body is read and dropped here instead, up to max-swallow-size (what
     * Tomcat itself would swallow), at no less than the minimum body rate; only beyond that is the connection closed.
     * </li>
     * </ul>
     */
    private static void closeInsteadOfSwallowing(org.apache.catalina.connector.Request request, Response response,
            Request coyote) {
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
        if (request.isAsync() || !unread || coyote.getResponse().getStatus() < 400) {
            return;
        }
        if (!response.isCommitted()) {
            response.setHeader("Connection", "close");
        }
        else if (drained(request, coyote, declared)) {
            return;
        }
        coyote.action(ActionCode.DISABLE_SWALLOW_INPUT, null);
    }

    /**
     * Reads the rest of the body and drops it, unless it is larger than Tomcat would swallow; whether it is all read.
     * Read from Tomcat's own request, below the servlet's stream, which the application may have closed.
     */
    private static boolean drained(org.apache.catalina.connector.Request request, Request coyote, long declared) {
        long limit = request.getConnector().getProtocolHandler() instanceof AbstractHttp11Protocol<?> http
                && http.getMaxSwallowSize() >= 0 ? http.getMaxSwallowSize() : Long.MAX_VALUE;
        if (declared > limit) {
            return false;
        }
        Dropped dropped = new Dropped();
        try {
            long read = 0;
            for (int n = coyote.doRead(dropped); n >= 0; n = coyote.doRead(dropped)) {
                read += n;
                if (read > limit) {
                    return false;
                }
            }
            return true;
        }
        catch (IOException | RuntimeException unreadable) {
            return false; // the client went away or broke the framing: nothing to keep alive
        }
    }

    /** Where Tomcat puts each piece of the body read: nowhere, the bytes are dropped. */
    private static final class Dropped implements ApplicationBufferHandler {

        private ByteBuffer buffer = ByteBuffer.allocate(0);

        @Override
        public void setByteBuffer(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public ByteBuffer getByteBuffer() {
            return buffer;
        }

        @Override
        public void expand(int size) {
            // nothing is kept
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
