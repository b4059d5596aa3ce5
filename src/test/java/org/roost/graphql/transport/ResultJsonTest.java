package org.roost.graphql.transport;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.platform.shared.FieldViolation;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ResultJsonTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void writesAResultByteForByteAsTheMapperDoes() {
        // given: every shape a result holds, an error's details (a record) included, in insertion order
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("name", "Zoë \"quoted\" \\ back\nslash \u0001 \uD83D\uDE00");
        user.put("avatarUrl", null);
        user.put("followerCount", 12);
        user.put("big", 12345678901L);
        user.put("ratio", 0.5);
        user.put("exact", new BigDecimal("1.10"));
        user.put("followedByMe", false);
        user.put("posts", List.of(Map.of("title", "a"), Map.of("title", "b")));
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", "Invalid input.");
        error.put("locations", List.of(Map.of("line", 1, "column", 3)));
        error.put("path", Arrays.asList("user", 0, "name"));
        error.put("extensions", Map.of("code", "VALIDATION_ERROR", "details", List.of(new FieldViolation("first", "too big"))));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("data", Map.of("user", user));
        result.put("errors", List.of(error));

        // when
        byte[] written = new ResultJson(json).write(result);

        // then
        assertThat(new String(written, java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(json.writeValueAsString(result));
    }
}
