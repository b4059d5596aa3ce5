package org.roost.gateway.security;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.stereotype.Component;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;

/**
 * Whether Spring MVC would answer the request {@code 405} with {@code Allow}: its path is mapped, its method is not.
 * Asked only before the security layer refuses a request (401, 403), so that a method no credential could make work
 * ({@code PATCH /login}, {@code DELETE /api/v1/users}) is answered for what it is. The lookup is Spring MVC's own
 * (the handler mappings the DispatcherServlet will use), so the {@code Allow} header is the one MVC would send.
 */
@Component
class WrongMethods {

    private final HandlerMappingIntrospector mappings;

    WrongMethods(HandlerMappingIntrospector mappings) {
        this.mappings = mappings;
    }

    Optional<HttpRequestMethodNotSupportedException> of(HttpServletRequest request) {
        try {
            mappings.getMatchableHandlerMapping(request);
            return Optional.empty();
        }
        catch (HttpRequestMethodNotSupportedException wrongMethod) {
            return Optional.of(wrongMethod);
        }
        catch (Exception other) {
            return Optional.empty(); // unmapped, or refused for another reason: the security answer stands
        }
    }
}
