package org.roost.platform.requestbody;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.StrictUtf8;
import org.roost.platform.web.JsonPaths;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every JSON request body Spring MVC reads ({@code @RequestBody}) is checked to be UTF-8 before Jackson reads it:
 * Jackson decodes overlong forms ({@code C0 AF} as {@code /}), the JDK's decoder refuses them. A body whose bad
 * bytes are inside a string value is a {@code 400 VALIDATION_ERROR} naming that field; anywhere else, a
 * {@code 400 MALFORMED_REQUEST}. A body declared in another charset is Jackson's to decode, as before.
 */
@ControllerAdvice
class Utf8BodyAdvice extends RequestBodyAdviceAdapter {

    private final JsonMapper json;

    Utf8BodyAdvice(JsonMapper json) {
        this.json = json;
    }

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) {
        return JacksonJsonHttpMessageConverter.class.isAssignableFrom(converterType);
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage input, MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        MediaType type = input.getHeaders().getContentType();
        Charset charset = type == null ? null : type.getCharset();
        if (charset != null && !StandardCharsets.UTF_8.equals(charset)) {
            return input;
        }
        byte[] body = input.getBody().readAllBytes();
        int invalid = StrictUtf8.firstInvalidByte(body);
        if (invalid >= 0) {
            throw fieldAt(body, invalid)
                    .map(field -> ApiException.invalid(field, "must be valid UTF-8"))
                    .orElseGet(() -> new ApiException(ErrorCode.MALFORMED_REQUEST, "The request body is not valid UTF-8."));
        }
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return input.getHeaders();
            }
        };
    }

    /**
     * The field whose string value holds the byte at {@code offset}: the body up to that byte is valid UTF-8, and
     * Jackson reads it until the string it ends in turns out to be cut short.
     */
    private Optional<String> fieldAt(byte[] body, int offset) {
        try (JsonParser parser = json.createParser(body, 0, offset)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_STRING) {
                    try {
                        parser.getString();
                    }
                    catch (JacksonException cutShort) {
                        return Optional.of(JsonPaths.of(parser.streamReadContext()));
                    }
                }
            }
        }
        catch (JacksonException elsewhere) {
            // the bytes are in a key or between values: no field to name
        }
        return Optional.empty();
    }
}
