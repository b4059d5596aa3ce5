package org.roost.platform.web.fuzz;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds one REST request per call: an operation, its path filled in, query, headers and body. */
record RestRequests(FuzzIdentity identity, List<FuzzTargets.Operation> operations, HostileValues values) {

    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

    RawHttp.Request next() {
        FuzzTargets.Operation operation = values.oneOf(operations);
        String method = values.chance(0.9) ? operation.method() : values.oneOf(METHODS);
        String target = path(operation.pattern()) + query(operation.queryParameters());
        List<Map.Entry<String, String>> headers = new ArrayList<>(identity.credential(values));
        boolean hasBody = List.of("POST", "PUT", "PATCH").contains(method) ? values.chance(0.95) : values.chance(0.05);
        boolean form = operation.pattern().startsWith("/oauth2/");
        if (hasBody || values.chance(0.1)) {
            headers.add(Map.entry("Content-Type", values.chance(0.6)
                    ? (form ? "application/x-www-form-urlencoded" : "application/json") : values.mediaType()));
        }
        if (values.chance(0.3)) {
            headers.add(Map.entry("Accept", values.accept()));
        }
        if (values.chance(0.15)) {
            headers.add(Map.entry(values.chance(0.5) ? "If-Match" : "If-None-Match", values.entityTag()));
        }
        if (values.chance(0.15)) {
            headers.add(Map.entry("Idempotency-Key", values.headerValue()));
        }
        if (values.chance(0.1)) {
            headers.add(Map.entry(values.oneOf(List.of("X-Request-Id", "Origin", "Cookie", "Range", "X-XSRF-TOKEN",
                    "Accept-Charset", "Accept-Language", "API-Version", "X-Forwarded-For", "Forwarded")), values.headerValue()));
        }
        byte[] body = !hasBody ? new byte[0]
                : form && values.chance(0.8) ? form(operation.bodyFields())
                : !operation.fieldSchemas().isEmpty() && values.chance(0.2)
                        ? values.boundary(operation.fieldSchemas()).getBytes(StandardCharsets.UTF_8)
                        : values.body(operation.bodyFields());
        return new RawHttp.Request(method, target, headers, body);
    }

    /** A form for the OAuth endpoints; client ids are never a registered client's (see FuzzTargets). */
    private byte[] form(List<String> names) {
        List<String> pairs = new ArrayList<>();
        for (String name : names) {
            if (values.chance(0.7)) {
                String value = switch (name) {
                    case "grant_type" -> values.oneOf(List.of("authorization_code", "client_credentials", "refresh_token",
                            "password", "implicit", "urn:ietf:params:oauth:grant-type:device_code", values.string()));
                    case "token", "refresh_token", "code" -> values.chance(0.3) ? identity.bearer() : values.string();
                    case "client_id" -> "fuzz-client-" + values.below(1_000);
                    default -> values.string();
                };
                pairs.add(encode(name) + "=" + (values.chance(0.95) ? encode(value) : value));
            }
        }
        return String.join("&", pairs).getBytes(StandardCharsets.UTF_8);
    }

    private String path(String pattern) {
        StringBuilder path = new StringBuilder();
        for (String part : pattern.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            path.append('/');
            if (part.startsWith("{")) {
                path.append(values.chance(0.75) ? identity.idFor(part, values)
                        : encode(values.oneOf(List.of("0", "-1", "1.5", "abc", "9223372036854775808", "1e3", " 1", "%",
                                "%00", "..", "%2e%2e", "a;b", "0x1F", "１", values.string()))));
            }
            else {
                path.append(part);
            }
        }
        return path.toString();
    }

    private String query(List<String> names) {
        if (values.chance(0.5)) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        List<String> known = new ArrayList<>(names);
        known.addAll(List.of("limit", "after", "cursor", "page", "_csrf", "api-version", "username"));
        for (int i = 0, n = 1 + values.below(3); i < n; i++) {
            String value = values.chance(0.5) ? values.number() : values.string();
            pairs.add(encode(values.oneOf(known)) + "=" + encode(value));
        }
        if (values.chance(0.1)) {
            pairs.add(values.oneOf(List.of("limit", "limit=", "=", "&&", "a=%", "b=%zz", "limit=1&limit=2")));
        }
        return "?" + String.join("&", pairs);
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
