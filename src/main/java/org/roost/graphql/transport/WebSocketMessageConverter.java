package org.roost.graphql.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.graphql.server.support.GraphQlWebSocketMessage;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

/**
 * The JSON of graphql-transport-ws messages, GraphQL's camelCase (not the REST API's snake_case). A
 * {@code next} message whose result was encoded once for all its subscribers ({@link SerializedResult})
 * is assembled around that text directly: it is written once per subscriber per event, and a Jackson
 * write of the whole message costs several times the copy.
 */
final class WebSocketMessageConverter implements HttpMessageConverter<Object> {

    private final JsonMapper json = JsonMapper.builder().build();
    private final JacksonJsonHttpMessageConverter jackson = new JacksonJsonHttpMessageConverter(json);

    @Override
    public void write(Object message, @Nullable MediaType contentType, HttpOutputMessage output) throws IOException {
        if (message instanceof GraphQlWebSocketMessage ws && "next".equals(ws.getType())
                && ws.getPayload() instanceof Map<?, ?> payload && payload.size() == 1
                && payload.get("data") instanceof RawValue data && data.rawValue() instanceof String text) {
            OutputStream body = output.getBody();
            body.write(("{\"id\":" + json.writeValueAsString(ws.getId()) + ",\"type\":\"next\",\"payload\":{\"data\":")
                    .getBytes(StandardCharsets.UTF_8));
            body.write(text.getBytes(StandardCharsets.UTF_8));
            body.write('}');
            body.write('}');
            return;
        }
        jackson.write(message, contentType, output);
    }

    @Override
    public boolean canRead(Class<?> type, @Nullable MediaType mediaType) {
        return jackson.canRead(type, mediaType);
    }

    @Override
    public boolean canWrite(Class<?> type, @Nullable MediaType mediaType) {
        return jackson.canWrite(type, mediaType);
    }

    @Override
    public List<MediaType> getSupportedMediaTypes() {
        return jackson.getSupportedMediaTypes();
    }

    @Override
    public Object read(Class<?> type, HttpInputMessage input) throws IOException {
        return jackson.read(type, input);
    }
}
