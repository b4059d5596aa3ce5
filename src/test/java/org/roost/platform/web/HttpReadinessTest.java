package org.roost.platform.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ServerOnPostgres;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Readiness with the database, health and the OpenAPI document as a real HTTP client sees them, through Tomcat. On
 * the shared service: readiness comes from background probes, which are scheduled jobs (HttpErrorContractTest's
 * configuration runs none).
 */
@ServerOnPostgres
class HttpReadinessTest {

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void reportsReadinessWithTheDatabaseAndPublishesOpenApi() throws Exception {
        var readiness = get("/actuator/health/readiness");
        var health = get("/actuator/health");
        var openApi = get("/v3/api-docs");

        assertThat(readiness.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"UP\"");
        assertThat(openApi.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(openApi.body(), "$.openapi")).startsWith("3.1");
        assertThat(openApi.body()).contains("/api/v1/users/{userId}/posts");
    }
}
