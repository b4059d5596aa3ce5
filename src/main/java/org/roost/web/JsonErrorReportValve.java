package org.roost.web;

import java.io.IOException;
import java.util.List;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.roost.shared.ErrorCode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's own error answers (a request line or header too large, say, refused before any servlet
 * runs) in the contract's JSON body instead of Tomcat's HTML page.
 */
final class JsonErrorReportValve extends ErrorReportValve {

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
        try {
            ErrorBody body = errors.body(request, ErrorCode.forStatus(status), null, List.of());
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("Cache-Control", "no-store");
            response.getOutputStream().write(json.writeValueAsBytes(body));
            response.finishResponse();
        }
        catch (IOException | IllegalStateException ex) {
            // The connection is going away; there is no one left to tell.
        }
    }
}
