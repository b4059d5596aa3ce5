package org.roost.platform.web.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import tools.jackson.databind.JsonNode;

/**
 * Hostile values for one try, all drawn from one seeded random source so that a try can be repeated:
 * strings (NUL, lone surrogates, right-to-left marks, huge), JSON of the wrong type, deep nesting, broken
 * syntax, and header values. JSON is written by hand here because a JSON library will not write the
 * malformed text (lone surrogate escapes, 400-digit numbers, unclosed nesting) a client can send.
 */
final class HostileValues {

    /** A JSON fragment written as is (numbers out of range, nesting, broken syntax). */
    record Raw(String json) {
    }

    private static final List<String> NASTY = List.of("", " ", "\u0000", "a\u0000b", "\uD800", "\uDC00x", "\uD83D\uDE00",
            "\u202Eevil", "\uFEFF", "\u00A0", "\t\n\r", "null", "true", "0", "-1", "1e309", "NaN", "%00", "%", "%zz",
            "../../etc/passwd", "' OR '1'='1", "'; DROP TABLE users; --", "${jndi:ldap://x/a}", "#{7*7}", "<script>x</script>",
            "\\", "\"", "{}", "[]", "\\u0000", "🧨", "ǅ", "İ", "ß", "\u0130\u0131", "a".repeat(201), "x".repeat(10_001),
            "é", "\r\nX-Injected: 1", "*", "\u0085", "\u2028");

    private static final List<String> MEDIA_TYPES = List.of("application/json", "application/json; charset=UTF-8",
            "application/json;charset=UTF-7", "application/json; charset=utf-16", "application/json; charset=x-nope",
            "application/json;x=a/b", "application/json;;", "application/json; charset=\"", "application/json;q=0.5;q",
            "application/merge-patch+json", "application/graphql", "application/graphql-response+json", "text/plain",
            "text/html", "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=",
            "application/xml", "*/*", "application/*", "", "/", "json", "application/", "a/b/c", ";", "image/png",
            "application/json\u0000", "text/event-stream");

    private final SplittableRandom random;

    HostileValues(SplittableRandom random) {
        this.random = random;
    }

    SplittableRandom random() {
        return random;
    }

    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    int below(int bound) {
        return random.nextInt(bound);
    }

    <T> T oneOf(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }

    @SafeVarargs
    final <T> T oneOf(Supplier<T>... choices) {
        return choices[random.nextInt(choices.length)].get();
    }

    String string() {
        return switch (below(6)) {
            case 0, 1 -> oneOf(NASTY);
            case 2 -> oneOf(NASTY) + oneOf(NASTY);
            case 3 -> randomChars(below(40));
            case 4 -> "fuzz " + below(1000);
            default -> oneOf(NASTY).repeat(1 + below(3)) + randomChars(below(8));
        };
    }

    private String randomChars(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append((char) switch (below(5)) {
                case 0 -> below(0x20);
                case 1 -> 0xD800 + below(0x800);
                case 2 -> below(0x10000);
                default -> 0x20 + below(0x5F);
            });
        }
        return text.toString();
    }

    String number() {
        return oneOf(List.of("0", "-0", "1", "-1", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
                "1" + "0".repeat(400), "1e400", "-1e-400", "1.5", "0.0000001", "1E2", "100", "101", "20")).toString();
    }

    /** A JSON value of any type: the right shape is for {@link #object}, this is everything else. */
    Object value(int depth) {
        if (depth > 3) {
            return oneOf(() -> string(), () -> null, () -> new Raw(number()));
        }
        return switch (below(9)) {
            case 0, 1, 2 -> string();
            case 3 -> new Raw(number());
            case 4 -> chance(0.5);
            case 5 -> null;
            case 6 -> java.util.Arrays.asList(value(depth + 1), value(depth + 1)); // nulls allowed
            case 7 -> {
                Map<String, Object> object = new LinkedHashMap<>();
                object.put(string(), value(depth + 1));
                yield object;
            }
            default -> new Raw(nesting());
        };
    }

    /** An object with the operation's own property names (so validation runs) plus, now and then, others. */
    Map<String, Object> object(List<String> names) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (String name : names) {
            if (chance(0.8)) {
                object.put(name, chance(0.5) ? string() : value(0));
            }
        }
        if (chance(0.3)) {
            object.put(oneOf(List.of("id", "author_id", "created_at", "_links", "__proto__", "password", "remember_me",
                    "refresh_token", "", "\u0000")), value(0));
        }
        return object;
    }

    String nesting() {
        int depth = oneOf(List.of(10, 100, 1_000, 5_000, 100_000));
        String open = chance(0.5) ? "[" : "{\"a\":";
        String close = open.equals("[") ? "]" : "}";
        return open.repeat(depth) + "1" + (chance(0.8) ? close.repeat(depth) : "");
    }

    /** Any body for any request: mostly JSON built from the names, sometimes not JSON at all. */
    byte[] body(List<String> names) {
        String text = switch (below(10)) {
            case 0, 1, 2, 3 -> json(object(names));
            case 4 -> json(value(0));
            case 5 -> nesting();
            case 6 -> mutate(json(object(names)));
            case 7 -> "";
            case 8 -> oneOf(List.of("{", "}", "[1,]", "{\"a\" 1}", "{\"title\":\"t\",\"title\":\"u\"}", "\u0000",
                    "{\"title\":\"\\ud800\"}", "{\"title\":\"\\u00\"}", "nul", "1e99999", "<a/>", "a=b&c=d"));
            default -> json(object(names)).repeat(1 + below(3));
        };
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (chance(0.05) && bytes.length > 2) {
            bytes[below(bytes.length)] = (byte) (0x80 + below(0x80)); // invalid UTF-8
        }
        return bytes;
    }

    /**
     * An object whose every field sits on a bound the document states, or just past it: a string of exactly
     * maxLength characters or one more, minLength or one fewer, an integer at minimum or maximum or one beyond.
     */
    String boundary(Map<String, JsonNode> schemas) {
        Map<String, Object> object = new LinkedHashMap<>();
        schemas.forEach((name, schema) -> {
            if (chance(0.9)) {
                object.put(name, boundary(schema));
            }
        });
        return json(object);
    }

    private Object boundary(JsonNode schema) {
        if (schema.path("type").asString("").equals("integer")) {
            List<String> edges = new ArrayList<>();
            if (schema.has("minimum")) {
                long min = schema.get("minimum").asLong();
                edges.addAll(List.of(Long.toString(min), Long.toString(min - 1)));
            }
            if (schema.has("maximum")) {
                long max = schema.get("maximum").asLong();
                edges.addAll(List.of(Long.toString(max), Long.toString(max + 1)));
            }
            return new Raw(edges.isEmpty() ? number() : oneOf(edges));
        }
        List<Integer> lengths = new ArrayList<>();
        if (schema.has("maxLength")) {
            lengths.addAll(List.of(schema.get("maxLength").asInt(), schema.get("maxLength").asInt() + 1));
        }
        if (schema.has("minLength")) {
            lengths.addAll(List.of(schema.get("minLength").asInt(), Math.max(0, schema.get("minLength").asInt() - 1)));
        }
        if (lengths.isEmpty()) {
            return string();
        }
        // a letter, a precomposed one, one that NFC composes from two, a space, one outside the BMP (two chars in Java)
        return oneOf(List.of("a", "\u00e9", "e\u0301", " ", "\ud83d\ude00")).repeat(oneOf(lengths));
    }

    /** Deletes, repeats or inserts a few characters: syntax that is almost right. */
    String mutate(String text) {
        StringBuilder out = new StringBuilder(text);
        for (int i = 0, n = 1 + below(3); i < n && !out.isEmpty(); i++) {
            int at = below(out.length());
            switch (below(3)) {
                case 0 -> out.deleteCharAt(at);
                case 1 -> out.insert(at, oneOf(List.of("{", "}", "[", "]", "\"", ",", ":", "\\", "\u0000", "$", "@", "...", "#")));
                default -> out.insert(at, out.charAt(at));
            }
        }
        return out.toString();
    }

    String mediaType() {
        return oneOf(MEDIA_TYPES);
    }

    String accept() {
        return oneOf(List.of("application/json", "*/*", "text/html", "application/xml", "application/graphql-response+json",
                "application/json;q=0", "text/event-stream", "image/png", "application/*;q=0.1, text/plain", ";;", "a/b/c/d",
                "application/json; charset=ascii"));
    }

    /** Header values without CR or LF (those split the request; Tomcat's parser is tried by the corpus). */
    String headerValue() {
        return string().replace("\r", "").replace("\n", "").replace("\u0085", "").replace("\u2028", "");
    }

    String entityTag() {
        return oneOf(List.of("*", "\"abc\"", "W/\"abc\"", "\"\"", "\"", "W/", "abc", "\"a\", \"b\"", "*, \"a\"",
                "\"" + "a".repeat(5_000) + "\"")).toString();
    }

    static String json(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case Raw raw -> out.append(raw.json());
            case Boolean bool -> out.append(bool);
            case Number number -> out.append(number);
            case String text -> quote(text, out);
            case Map<?, ?> map -> {
                out.append('{');
                List<String> members = new ArrayList<>();
                map.forEach((k, v) -> {
                    StringBuilder member = new StringBuilder();
                    quote(String.valueOf(k), member);
                    member.append(':');
                    write(v, member);
                    members.add(member.toString());
                });
                out.append(String.join(",", members)).append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    out.append(i > 0 ? "," : "");
                    write(list.get(i), out);
                }
                out.append(']');
            }
            default -> throw new IllegalArgumentException(value.getClass().getName());
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            }
            else if (c < 0x20 || Character.isSurrogate(c)) {
                out.append("\\u%04x".formatted((int) c)); // a lone surrogate survives only as an escape
            }
            else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
