package org.roost.platform.web;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.roost.platform.shared.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's own error answers in the contract's JSON body instead of Tomcat's HTML page: a request line or header
 * too large, an unknown HTTP version (505), a method or transfer coding Tomcat does not implement ({@code CONNECT},
 * {@code Transfer-Encoding: foo}: 501), all refused before any filter runs. Such an answer gets what the filters
 * would have given it: an {@code X-Request-Id}, the security headers, and a line in the access log.
 */
final class JsonErrorReportValve extends ErrorReportValve {

    /** The logger of {@code org.roost.platform.operations.AccessLog}: a refusal no filter saw is still a request an operator counts. */
    private static final Logger access = LoggerFactory.getLogger("access");

    private final ErrorResponses errors;
    private final JsonMapper json;

    JsonErrorReportValve(ErrorResponses errors, JsonMapper json) {
        this.errors = errors;
        this.json = json;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        // The filters ran (and logged) unless the request never reached them.
        boolean refusedByTomcat = request.getAttribute(RequestIds.ATTRIBUTE) == null;
        if (refusedByTomcat) {
            request.setAttribute(RequestIds.ATTRIBUTE, RequestIds.fromClient(request.getHeader(RequestIdFilter.HEADER)));
        }
        String requestId = RequestIds.of(request);
        try {
            ErrorBody body = errors.body(request, ErrorCode.forStatus(status), null, List.of());
            response.setHeader(RequestIdFilter.HEADER, requestId);
            SecurityHeaders.write(request, response);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("Cache-Control", "no-store");
            response.getOutputStream().write(json.writeValueAsBytes(body));
            response.finishResponse();
        }
        catch (IOException | IllegalStateException ex) {
            // The connection is going away; there is no one left to tell.
        }
        finally {
            if (refusedByTomcat) {
                log(request, status, requestId);
            }
        }
    }

    /** The access log's line (same keys as {@code AccessLog}), with the request id in the MDC like every other line. */
    private static void log(Request request, int status, String requestId) {
        if (!access.isInfoEnabled()) {
            return;
        }
        long started = request.getCoyoteRequest().getStartTimeNanos();
        long millis = started > 0 ? (System.nanoTime() - started) / 1_000_000 : 0;
        String method = Objects.toString(request.getMethod(), "");
        String path = Objects.toString(request.getRequestURI(), "");
        try (var ignored = MDC.putCloseable(RequestLogContext.REQUEST_ID, requestId)) {
            access.atInfo().addKeyValue("method", method).addKeyValue("path", path).addKeyValue("status", status)
                    .addKeyValue("duration_ms", millis).addKeyValue("address", request.getRemoteAddr())
                    .addKeyValue("refused_by", "container")
                    .log("{} {} {} {}ms (refused by the container)", method, path, status, millis);
        }
    }
}
