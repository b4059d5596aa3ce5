package org.roost.graphql.transport;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * An execution result as JSON, written by walking its maps and lists with one generator. A result is nothing but
 * maps, lists, strings, numbers, booleans and nulls (graphql-java's own shapes); the mapper looked up a serializer
 * for every value of every map, which was 7 % of a 50 x 10 query's CPU (docs/performance.md). Anything else (an
 * error's details) is still written by the mapper, so the bytes are the mapper's.
 */
final class ResultJson {

    private final JsonMapper json;

    ResultJson(JsonMapper json) {
        this.json = json;
    }

    byte[] write(Map<String, Object> result) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try (JsonGenerator generator = json.createGenerator(out)) {
            value(generator, result);
        }
        return out.toByteArray();
    }

    private static void value(JsonGenerator generator, @Nullable Object value) {
        switch (value) {
            case null -> generator.writeNull();
            case String text -> generator.writeString(text);
            case Boolean flag -> generator.writeBoolean(flag);
            case Integer number -> generator.writeNumber(number);
            case Long number -> generator.writeNumber(number);
            case Double number -> generator.writeNumber(number);
            case BigDecimal number -> generator.writeNumber(number);
            case BigInteger number -> generator.writeNumber(number);
            case Map<?, ?> map -> {
                generator.writeStartObject();
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    generator.writeName(String.valueOf(entry.getKey()));
                    value(generator, entry.getValue());
                }
                generator.writeEndObject();
            }
            case List<?> list -> {
                generator.writeStartArray();
                for (Object item : list) {
                    value(generator, item);
                }
                generator.writeEndArray();
            }
            default -> generator.writePOJO(value);
        }
    }
}
