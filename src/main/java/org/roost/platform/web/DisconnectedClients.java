package org.roost.platform.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

/**
 * A client that went away while a long response (an event stream) was open is not a failure of
 * ours: there is nobody left to answer, so it is noted at debug level, without a stack trace,
 * before the catch-all handler would log it as an unexpected error.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class DisconnectedClients {

    private static final Logger log = LoggerFactory.getLogger(DisconnectedClients.class);

    @ExceptionHandler(AsyncRequestNotUsableException.class)
    void gone(AsyncRequestNotUsableException ex) {
        log.debug("A client disconnected during a long response: {}", ex.getMessage());
    }
}
