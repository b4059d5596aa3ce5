package org.roost.connections;

import java.time.Duration;

import org.apache.coyote.AbstractProcessor;
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
     */
    static @Nullable Offence ofServed(@Nullable Request request, long now, ConnectionsProperties limits) {
        if (request == null || request.getStartTimeNanos() <= 0
                || request.getRequestProcessor().getStage() != Constants.STAGE_SERVICE) {
            return null;
        }
        long elapsed = now - request.getStartTimeNanos();
        return bodyTooSlow(request.getContentLengthLong(), request.getBytesRead(), elapsed, limits) ? BODY_RATE : null;
    }

    /**
     * A declared body that, after the grace, has fallen behind the minimum rate counted from the end of the grace.
     * A chunked body (no length) is not judged: nothing says whether more of it is pending.
     */
    static boolean bodyTooSlow(long contentLength, long bytesRead, long elapsedNanos, ConnectionsProperties limits) {
        if (contentLength <= 0 || bytesRead >= contentLength) {
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
