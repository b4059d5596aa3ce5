package org.roost.platform.connections;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.coyote.AbstractProcessor;
import org.apache.coyote.ActionCode;
import org.apache.coyote.Constants;
import org.apache.coyote.Request;
import org.jspecify.annotations.Nullable;

/** Why the sweeper closes a connection; {@link #of} decides it from what Tomcat knows of the connection. */
enum Offence {
    HEADER_DEADLINE("header-deadline"),
    BODY_RATE("body-rate"),
    PER_ADDRESS("per-address");

    final String tag;

    Offence(String tag) {
        this.tag = tag;
    }

    /**
     * The header deadline, if a connection's current request has missed it. Only HTTP/1.1 processors are judged: an
     * upgraded connection (WebSocket) has an UpgradeProcessor, and an SSE stream is past parsing with no body
     * pending, so neither is ever cut. A connection waiting for its first byte has no processor (Tomcat's own
     * connection-timeout covers it).
     */
    static @Nullable Offence of(@Nullable Object processor, long now, ConnectionsProperties limits) {
        if (!(processor instanceof AbstractProcessor http) || http.isUpgrade() || http.isAsync()) {
            return null; // async: an SSE stream or a response being written, both past their headers
        }
        Request request = http.getRequest();
        long start = request.getStartTimeNanos(); // set at the request's first byte, -1 before
        if (start <= 0) {
            return null;
        }
        long elapsed = now - start;
        int stage = request.getRequestProcessor().getStage();
        // Waiting for more header bytes, the processor stays with the connection and reads STAGE_ENDED (Tomcat
        // sets it on leaving service() until the next byte); PARSE while it reads. A committed response means the
        // headers were complete (a file still being sent, say).
        boolean parsing = stage == Constants.STAGE_PARSE || stage == Constants.STAGE_ENDED;
        if (parsing && !request.getResponse().isCommitted()) {
            return elapsed > limits.headerDeadline().toNanos() ? HEADER_DEADLINE : null;
        }
        return null;
    }

    /**
     * Whether a request being served (its processor is off the connection meanwhile) is waiting on a body that
     * arrives too slowly. Async requests (SSE streams) have read their body before they went async.
     *
     * @param awaitingBytes whether the connection is registered for a read, i.e. the request's thread is blocked
     *                      waiting for more of the body (NioSocketWrapper#interestOpsHas(OP_READ))
     */
    static @Nullable Offence ofServed(@Nullable Request request, boolean awaitingBytes, long now,
            ConnectionsProperties limits) {
        if (request == null) {
            return null;
        }
        long start = request.getStartTimeNanos();
        if (start <= 0 || request.getRequestProcessor().getStage() != Constants.STAGE_SERVICE) {
            return null;
        }
        OptionalLong length = declaredLength(request);
        if (length.isEmpty()) {
            return null; // Tomcat refused it (400) and reads no body of it: nothing can trickle
        }
        long declared = length.getAsLong();
        long read = request.getBytesRead();
        boolean awaitingChunks = declared < 0 && awaitingBytes && !fullyRead(request);
        if (request.getStartTimeNanos() != start) {
            return null; // the request ended and its object was recycled meanwhile: the figures mix two requests
        }
        return bodyTooSlow(declared, read, awaitingChunks, now - start, limits) ? BODY_RATE : null;
    }

    /**
     * The request's Content-Length (-1 for none), or empty if it is no number ({@code Content-Length: cats}).
     * Tomcat answers such a request 400 itself, yet Request#getContentLengthLong throws on it at every call: a
     * caller outside Tomcat's parsing (the valve after the 400, the sweeper) must not let that escape.
     */
    static OptionalLong declaredLength(Request request) {
        try {
            return OptionalLong.of(request.getContentLengthLong());
        } catch (IllegalArgumentException notANumber) { // NumberFormatException among them
            return OptionalLong.empty();
        }
    }

    /**
     * Tomcat's own answer, from the body's input filter (a chunked body is read once its last chunk is parsed; a
     * request without a body is always read). Read-only, so safe from the sweeper's thread.
     */
    static boolean fullyRead(Request request) {
        AtomicBoolean fullyRead = new AtomicBoolean(true);
        request.action(ActionCode.REQUEST_BODY_FULLY_READ, fullyRead);
        return fullyRead.get();
    }

    /**
     * A body that, after the grace, has fallen behind the minimum rate counted from the end of the grace: a declared
     * (Content-Length) body not yet complete, or a chunked one that the request is waiting for. A chunked body is
     * judged only while its request waits for it: its last chunk may stay unparsed while the application works with
     * the data it has (a JSON parser stops at the closing brace), which is no slow client.
     */
    static boolean bodyTooSlow(long contentLength, long bytesRead, boolean awaitingChunks, long elapsedNanos,
            ConnectionsProperties limits) {
        boolean pending = contentLength > 0 ? bytesRead < contentLength : awaitingChunks;
        if (!pending) {
            return false;
        }
        long late = elapsedNanos - limits.bodyGrace().toNanos();
        if (late <= 0) {
            return false;
        }
        double expected = limits.minBodyRate().toBytes() * (late / (double) Duration.ofSeconds(1).toNanos());
        return bytesRead < expected;
    }
}
