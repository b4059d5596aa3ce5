package org.roost.platform.requestbody;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.roost.platform.shared.MergePatch;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gives a {@link MergePatch} body the members its JSON set to {@code null} (RFC 7396: null removes), which the record
 * Jackson reads cannot tell from absent ones. A PATCH body is a merge patch whether it is sent as
 * {@code application/merge-patch+json} or {@code application/json}: one meaning, and one schema in the OpenAPI
 * document for both.
 */
@ControllerAdvice
class MergePatchAdvice extends RequestBodyAdviceAdapter {

    private static final String NULLS = MergePatchAdvice.class.getName() + ".nulls";

    private final JsonMapper json;

    MergePatchAdvice(JsonMapper json) {
        this.json = json;
    }

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) {
        return MergePatch.class.isAssignableFrom(parameter.getParameterType())
                && JacksonJsonHttpMessageConverter.class.isAssignableFrom(converterType);
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage input, MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        byte[] body = input.getBody().readAllBytes();
        // Kept on the request: another advice (Utf8BodyAdvice) may wrap the message this one returns
        RequestContextHolder.currentRequestAttributes().setAttribute(NULLS, nullMembers(body),
                RequestAttributes.SCOPE_REQUEST);
        return new Read(body, input.getHeaders());
    }

    @Override
    public Object afterBodyRead(Object body, HttpInputMessage input, MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) {
        if (RequestContextHolder.currentRequestAttributes().getAttribute(NULLS, RequestAttributes.SCOPE_REQUEST)
                instanceof Set<?> nulls && !nulls.isEmpty() && body instanceof MergePatch<?> patch) {
            @SuppressWarnings("unchecked") // set just above, in beforeBodyRead
            Set<String> members = (Set<String>) nulls;
            return patch.removing(members);
        }
        return body;
    }

    /** The top-level members whose value is null; none for a body that is no JSON object (the reader refuses it). */
    private Set<String> nullMembers(byte[] body) {
        try {
            JsonNode tree = json.readTree(body);
            if (tree == null || !tree.isObject()) {
                return Set.of();
            }
            return tree.properties().stream().filter(member -> member.getValue().isNull()).map(Map.Entry::getKey)
                    .collect(Collectors.toUnmodifiableSet());
        }
        catch (JacksonException unreadable) {
            return Set.of(); // the converter reads it next and answers for it
        }
    }

    /** The body, read once. */
    private record Read(byte[] body, HttpHeaders headers) implements HttpInputMessage {

        @Override
        public InputStream getBody() {
            return new ByteArrayInputStream(body);
        }

        @Override
        public HttpHeaders getHeaders() {
            return headers;
        }
    }
}
