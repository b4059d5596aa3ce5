package org.roost.support;

import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockMultipartHttpServletRequest;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * One request and its answer, however a test made it (MockMvc or real HTTP), as {@link OpenApiResponseValidation}
 * reads them.
 *
 * @param parts the names of a multipart request's parts, or {@code null} when it is not multipart
 */
record Exchange(String method, String path, Function<String, @Nullable String> parameter,
        Function<String, @Nullable String> requestHeader, byte[] requestBody, @Nullable Set<String> parts, int status,
        Function<String, @Nullable String> responseHeader, byte[] responseBody) {

    static Exchange of(MvcResult result) throws Exception {
        MockHttpServletRequest request = result.getRequest();
        var response = result.getResponse();
        Set<String> parts = null;
        if (request instanceof MockMultipartHttpServletRequest multipart) {
            parts = new java.util.HashSet<>(multipart.getFileMap().keySet());
            parts.addAll(Collections.list(multipart.getParameterNames()));
        }
        byte[] body = request.getContentAsByteArray();
        return new Exchange(request.getMethod(), request.getRequestURI(), request::getParameter, request::getHeader,
                body == null ? new byte[0] : body, parts, response.getStatus(), response::getHeader,
                response.getContentAsByteArray());
    }

    static Exchange of(HttpRequest request, byte[] requestBody, HttpResponse<String> response) {
        URI uri = request.uri();
        return new Exchange(request.method(), uri.getRawPath(), name -> queryParameter(uri, name),
                name -> request.headers().firstValue(name).orElse(null), requestBody, null, response.statusCode(),
                name -> response.headers().firstValue(name).orElse(null),
                response.body() == null ? new byte[0] : response.body().getBytes(StandardCharsets.UTF_8));
    }

    @Nullable String requestContentType() {
        return requestHeader.apply("Content-Type");
    }

    @Nullable String responseContentType() {
        return responseHeader.apply("Content-Type");
    }

    private static @Nullable String queryParameter(URI uri, String name) {
        String value = UriComponentsBuilder.fromUri(uri).build().getQueryParams().getFirst(name);
        return value == null ? null : URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
}
