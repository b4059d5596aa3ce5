package org.roost.gateway.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.RefusalHeaders;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * A bearer client told it lacks a scope also gets RFC 6750's challenge, so a generic OAuth client
 * library knows to ask the user for more; the body stays the contract's.
 */
@Component
class InsufficientScopeChallenge implements RefusalHeaders {

    @Override
    public void add(ApiException refusal, HttpServletRequest request, HttpServletResponse response) {
        if (refusal.code() == ErrorCode.INSUFFICIENT_SCOPE && CsrfConfig.hasBearer(request)) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\"");
        }
    }
}
