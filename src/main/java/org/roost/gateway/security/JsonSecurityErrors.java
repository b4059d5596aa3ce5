package org.roost.gateway.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.ErrorCode;
import org.roost.authorization.token.TokenErrors;
import org.roost.platform.web.ErrorResponses;
import org.springframework.http.HttpHeaders;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.stereotype.Component;

/**
 * The security layer's 401 and 403, in the same body as every other error; but a method the path does not have is
 * {@code 405} with {@code Allow} whoever sends it ({@link WrongMethods}).
 */
@Component
class JsonSecurityErrors implements AuthenticationEntryPoint, AccessDeniedHandler {

    private final ErrorResponses errors;
    private final WrongMethods wrongMethods;

    JsonSecurityErrors(ErrorResponses errors, WrongMethods wrongMethods) {
        this.errors = errors;
        this.wrongMethods = wrongMethods;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException ex)
            throws IOException {
        if (answeredWrongMethod(request, response)) {
            return;
        }
        if (DependencyFailures.isUnavailable(ex)) {
            errors.unavailable(request, response, ex); // the credential could not be checked, not refused
            return;
        }
        if (ex instanceof OAuth2AuthenticationException invalid) {
            String reason = TokenErrors.describe(invalid);
            // RFC 6750: error_description is a quoted string; our sentences are ASCII, quotes replaced.
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE,
                    "Bearer error=\"invalid_token\", error_description=\"" + reason.replace('"', '\'') + "\"");
            errors.write(request, response, ErrorCode.INVALID_TOKEN, reason);
            return;
        }
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        errors.write(request, response, ErrorCode.UNAUTHENTICATED, null);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException ex)
            throws IOException {
        if (answeredWrongMethod(request, response)) {
            return;
        }
        errors.write(request, response, ex instanceof CsrfException ? ErrorCode.CSRF_TOKEN_INVALID : ErrorCode.FORBIDDEN,
                null);
    }

    private boolean answeredWrongMethod(HttpServletRequest request, HttpServletResponse response) throws IOException {
        var wrongMethod = wrongMethods.of(request);
        if (wrongMethod.isEmpty()) {
            return false;
        }
        wrongMethod.get().getHeaders().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
        errors.write(request, response, ErrorCode.METHOD_NOT_ALLOWED, null);
        return true;
    }
}
