package org.roost.graphql.transport;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;

/**
 * The methods the GraphQL paths lack, answered as Spring MVC answers them for the REST API: {@code 405} with
 * {@code Allow} (thrown from the lookup, as RequestMappingInfoHandlerMapping does, so that the security layer's
 * WrongMethods sees it before credentials too, and the shared error handler writes the body), {@code OPTIONS} with
 * {@code Allow}, and {@code HEAD} as {@code GET} without a body. Functional routes have none of this: a method no
 * route matches fell through to the static resources' 404. Ordered after the routes, before the static resources.
 */
final class GraphQlMethods extends AbstractHandlerMapping {

    /** Each path's methods besides HEAD and OPTIONS: /graphql/schema is Spring Boot's route, the others ours. */
    static final Map<String, List<HttpMethod>> ROUTES = Map.of(
            GraphQlHttpEndpoint.PATH, List.of(HttpMethod.GET, HttpMethod.POST),
            GraphQlHttpEndpoint.PATH + "/schema", List.of(HttpMethod.GET),
            GraphiQlPage.PATH, List.of(HttpMethod.GET));

    GraphQlMethods() {
        setOrder(1); // after RouterFunctionMapping (-1) and the controllers (0), before the resources
    }

    @Override
    protected @Nullable Object getHandlerInternal(HttpServletRequest request) throws Exception {
        List<HttpMethod> routed = ROUTES.get(initLookupPath(request));
        if (routed == null) {
            return null;
        }
        HttpMethod method = HttpMethod.valueOf(request.getMethod());
        if (method == HttpMethod.OPTIONS) {
            return options(routed);
        }
        if (method == HttpMethod.HEAD && routed.contains(HttpMethod.GET)) {
            return (HttpRequestHandler) (head, response) -> head.getRequestDispatcher(initLookupPath(head))
                    .forward(asGet(head), response); // Tomcat sends no body for a HEAD
        }
        if (routed.contains(method)) {
            return null; // a route refused it for another reason (media type): not ours to answer
        }
        throw new HttpRequestMethodNotSupportedException(method.name(),
                routed.stream().map(HttpMethod::name).toList());
    }

    private static HttpRequestHandler options(List<HttpMethod> routed) {
        Set<HttpMethod> allow = new LinkedHashSet<>(routed);
        allow.add(HttpMethod.HEAD);
        allow.add(HttpMethod.OPTIONS);
        String header = String.join(", ", allow.stream().map(HttpMethod::name).toList()); // as MVC writes it
        return (request, response) -> {
            response.setHeader(HttpHeaders.ALLOW, header);
            response.setStatus(200);
        };
    }

    private static HttpServletRequest asGet(HttpServletRequest head) {
        return new HttpServletRequestWrapper(head) {
            @Override
            public String getMethod() {
                return HttpMethod.GET.name();
            }
        };
    }
}
