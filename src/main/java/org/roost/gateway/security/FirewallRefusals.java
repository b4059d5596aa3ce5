package org.roost.gateway.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.stereotype.Component;

/**
 * What the firewall refuses, answered at once in the contract's body, with the security headers the chains (which
 * never run) would have written: a method the service does not implement at all is {@code 501 NOT_IMPLEMENTED}
 * (RFC 9110, 9.1; a method it implements but the path lacks is Spring MVC's 405 with {@code Allow}); anything
 * else (an encoded slash, a control character in a header) {@code 400 MALFORMED_REQUEST}, as Spring Security's
 * default handler answered, without its detour through the error page.
 */
@Component
class FirewallRefusals implements RequestRejectedHandler {

    private static final Logger log = LoggerFactory.getLogger(FirewallRefusals.class);

    private final ErrorResponses errors;

    FirewallRefusals(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException refused)
            throws IOException {
        log.debug("Firewall refused the request: {}", refused.getMessage()); // the client's input, not our fault
        if (!HeaderFirewall.METHODS.contains(request.getMethod())) {
            errors.writeBeforeSecurity(request, response, ErrorCode.NOT_IMPLEMENTED,
                    "The method is not implemented by this server.");
            return;
        }
        errors.writeBeforeSecurity(request, response, ErrorCode.MALFORMED_REQUEST, null);
    }
}
