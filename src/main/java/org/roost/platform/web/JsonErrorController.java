package org.roost.platform.web;

import java.io.IOException;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Boot's {@code /error} page: failures that happen outside Spring MVC (in the servlet
 * container or a filter) end here, and answer with the same body as everything else.
 */
@RestController
class JsonErrorController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(JsonErrorController.class);

    private final ErrorResponses errors;

    JsonErrorController(ErrorResponses errors) {
        this.errors = errors;
    }

    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // An error dispatch passes no security filter chain (Tomcat's own 405 for TRACE comes here): give it their headers.
        SecurityHeaders.write(request, response);
        if (request.getDispatcherType() == DispatcherType.REQUEST) { // someone asked for /error itself: nothing failed
            errors.write(request, response, ErrorCode.NOT_FOUND, null);
            return;
        }
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int code = status instanceof Integer value ? value : 500;
        if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable failure) {
            if (DependencyFailures.isUnavailable(failure)) {
                errors.unavailable(request, response, failure);
                return;
            }
            if (code >= 500) {
                log.error("Failure outside MVC (request {})", RequestIds.of(request), failure);
            }
            else { // the container refused the client's input (a form it cannot decode, a broken chunk): no fault of ours
                log.debug("Request refused outside MVC with {} (request {}): {}", code, RequestIds.of(request), failure.toString());
            }
        }
        errors.write(request, response, ErrorCode.forStatus(code), null);
    }
}
