package org.roost.platform.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTestVariant;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error contract as a real HTTP client sees it, through Tomcat, including failures outside Spring MVC.
 * (Readiness over HTTP is {@link HttpReadinessTest}: this configuration runs no scheduled jobs, and the readiness
 * probes are one.)
 */
// (the endpoints that fail are support.TestEndpoints.Failing, part of this configuration)
@IntegrationTestVariant
class HttpErrorContractTest {

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();
    String cookie;

    @BeforeEach
    void logIn() throws Exception {
        String username = ApiClient.uniqueUsername("http");
        send(post("/api/v1/users", "{\"username\":\"" + username + "\",\"name\":\"H\",\"password\":\"" + ApiClient.PASSWORD + "\"}"));
        var login = send(post("/login", "{\"username\":\"" + username + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}"));
        assertThat(login.statusCode()).isEqualTo(200);
        cookie = login.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("SESSION="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow();
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
    }

    HttpRequest post(String path, String json) {
        return request(path).header("Content-Type", "application/json").POST(BodyPublishers.ofString(json)).build();
    }

    HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    static String code(HttpResponse<String> response) {
        return JsonPath.read(response.body(), "$.error.code");
    }

    @Test
    void answersUnknownPathsWithNotFoundInTheContractBody() throws Exception {
        var api = send(request("/api/v1/nothing-here").header("Cookie", cookie).build());
        var outside = send(request("/nothing-here").build());

        assertThat(api.statusCode()).isEqualTo(404);
        assertThat(code(api)).isEqualTo("NOT_FOUND");
        assertThat(outside.statusCode()).isEqualTo(404);
        assertThat(code(outside)).isEqualTo("NOT_FOUND");
        assertThat((String) JsonPath.read(outside.body(), "$.request_id")).isEqualTo(outside.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat((String) JsonPath.read(outside.body(), "$.timestamp")).endsWith("Z");
    }

    @Test
    void answersAWrongMethodWithAllow() throws Exception {
        var delete = send(request("/api/users").header("Cookie", cookie + "; XSRF-TOKEN=t").header("X-XSRF-TOKEN", "t")
                .DELETE().build());

        assertThat(delete.statusCode()).isEqualTo(405);
        assertThat(code(delete)).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(delete.headers().firstValue("Allow").orElseThrow()).contains("GET").contains("POST");
    }

    @Test
    void answersAnUnacceptableAcceptWithNotAcceptableInJson() throws Exception {
        var response = send(request("/api/v1/users").header("Cookie", cookie).header("Accept", "application/xml").build());

        assertThat(response.statusCode()).isEqualTo(406);
        assertThat(code(response)).isEqualTo("NOT_ACCEPTABLE");
    }

    @Test
    void reusesASafeRequestIdAndReplacesAnUnsafeOne() throws Exception {
        var safe = send(request("/api/v1/users").header("Cookie", cookie).header("X-Request-Id", "abc-123_x.y").build());
        var unsafe = send(request("/api/v1/users").header("Cookie", cookie).header("X-Request-Id", "a".repeat(65)).build());
        var injected = send(request("/api/v1/users").header("Cookie", cookie).header("X-Request-Id", "abc def").build());

        assertThat(safe.headers().firstValue("X-Request-Id")).contains("abc-123_x.y");
        assertThat(unsafe.headers().firstValue("X-Request-Id").orElseThrow()).isNotEqualTo("a".repeat(65)).hasSizeLessThanOrEqualTo(64);
        assertThat(injected.headers().firstValue("X-Request-Id").orElseThrow()).isNotEqualTo("abc def");
    }

    @Test
    void refusesAnOversizedJsonBody() throws Exception {
        String huge = "{\"title\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";

        // A client sending a large body asks first (Expect: 100-continue); without it, the refusal races the body
        // and a reset can swallow the 413 (the server closes rather than read megabytes it will discard).
        var response = send(request("/api/v1/users/1/posts").header("Cookie", cookie).header("Content-Type", "application/json")
                .expectContinue(true).POST(BodyPublishers.ofString(huge)).build());

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(code(response)).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void refusesASixMebibyteUpload() throws Exception {
        String userId = JsonPath.read(send(request("/api/v1/users?limit=100").header("Cookie", cookie).build()).body(), "$.items[-1].id");
        byte[] image = new byte[6 * 1024 * 1024];
        System.arraycopy(new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' }, 0, image, 0, 8);
        String boundary = "roostboundary";
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] body = Arrays.copyOf(head, head.length + image.length + tail.length);
        System.arraycopy(image, 0, body, head.length, image.length);
        System.arraycopy(tail, 0, body, head.length + image.length, tail.length);
        String xsrf = "upload-token";

        var response = send(request("/api/v1/users/" + userId + "/avatar")
                .header("Cookie", cookie + "; XSRF-TOKEN=" + xsrf).header("X-XSRF-TOKEN", xsrf)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .expectContinue(true).POST(BodyPublishers.ofByteArray(body)).build());

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(code(response)).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void answersAnUnexpectedFailureWithoutInternals() throws Exception {
        var response = send(request("/api/v1/test-failure").header("Cookie", cookie).build());

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(code(response)).isEqualTo("INTERNAL_ERROR");
        assertThat(response.body()).doesNotContain("SELECT").doesNotContain("org.roost").doesNotContain("Exception")
                .doesNotContain("password_hash");
    }

    @Test
    void answersAnUnreachableDatabaseWithServiceUnavailable() throws Exception {
        var response = send(request("/api/v1/test-database-down").header("Cookie", cookie).build());

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(code(response)).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(response.body()).doesNotContain("5432");
    }

    @Test
    void answersJsonWithAnExplicitUtf8Charset() throws Exception {
        var response = send(request("/api/v1/users").header("Cookie", cookie).build());

        assertThat(response.headers().firstValue("Content-Type").orElseThrow().toLowerCase().replace(" ", ""))
                .isEqualTo("application/json;charset=utf-8");
    }
}
