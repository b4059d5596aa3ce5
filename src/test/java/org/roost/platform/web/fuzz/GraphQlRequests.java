package org.roost.platform.web.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.http.MediaType;

/** Wraps a generated document in one of the ways a client may send it. */
final class GraphQlRequests {

    static RawHttp.Request next(FuzzIdentity identity, GraphQlDocuments documents, HostileValues values) {
        GraphQlDocuments.Operation operation = documents.next();
        List<Map.Entry<String, String>> headers = new ArrayList<>(identity.credential(values));
        if (values.chance(0.2)) {
            headers.add(Map.entry("Accept", values.oneOf(List.of("application/graphql-response+json", "application/json",
                    "text/html", "*/*", values.accept()))));
        }
        if (values.chance(0.15)) {
            String target = "/graphql?query=" + RestRequests.encode(operation.document())
                    + (operation.variables() == null ? "" : "&variables=" + RestRequests.encode(HostileValues.json(operation.variables())));
            return new RawHttp.Request("GET", target, headers, new byte[0]);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("query", values.chance(0.97) ? operation.document() : values.value(0));
        body.put("variables", operation.variables());
        if (operation.operationName() != null) {
            body.put("operationName", operation.operationName());
        }
        if (values.chance(0.05)) {
            body.put("extensions", values.value(0));
        }
        headers.add(Map.entry("Content-Type", values.chance(0.85) ? MediaType.APPLICATION_JSON_VALUE : values.mediaType()));
        byte[] bytes = values.chance(0.05) ? values.body(List.of("query", "variables"))
                : HostileValues.json(body).getBytes(StandardCharsets.UTF_8);
        return new RawHttp.Request("POST", "/graphql", headers, bytes);
    }
}
