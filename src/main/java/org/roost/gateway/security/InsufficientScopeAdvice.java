package org.roost.gateway.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A bearer client told it lacks a scope also gets RFC 6750's challenge, so a generic OAuth client
 * library knows to ask the user for more; the body stays the contract's.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class InsufficientScopeAdvice {

    private final ErrorResponses errors;

    InsufficientScopeAdvice(ErrorResponses errors) {
        this.errors = errors;
    }

    @ExceptionHandler(ApiException.class)
    void api(ApiException ex, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (ex.code() == ErrorCode.INSUFFICIENT_SCOPE && CsrfConfig.hasBearer(request)) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\"");
        }
        errors.write(request, response, ex);
    }
}
