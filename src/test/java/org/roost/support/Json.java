package org.roost.support;

import java.io.UnsupportedEncodingException;

import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Reads fields out of JSON answers in tests. */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    public static JsonNode of(String json) {
        return MAPPER.readTree(json);
    }

    public static JsonNode of(MvcTestResult result) {
        try {
            return of(result.getResponse().getContentAsString());
        }
        catch (UnsupportedEncodingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    public static String field(MvcTestResult result, String name) {
        return of(result).get(name).asString();
    }
}
