package org.roost.platform.web;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** What an attacker tried over plain HTTP: bodies without a length, huge headers, spoofed proxies, odd input. */
@LiveGraphQlTest
class HostileHttpTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    @Test
    void refusesAChunkedRestBodyOverTheLimitWith413() throws Exception {
        // given: 3 MB without a Content-Length
        byte[] body = ("{\"username\":\"chunky\",\"name\":\"" + "a".repeat(3_000_000) + "\",\"password\":\"long enough!\"}")
                .getBytes(StandardCharsets.UTF_8);

        // when
        HttpResponse<String> response = HTTP.send(chunked("/api/v1/users", body), HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("\"PAYLOAD_TOO_LARGE\"");
    }

    @Test
    void acceptsAChunkedRestBodyWithinTheLimit() throws Exception {
        // given
        String username = ApiClient.uniqueUsername("chunked");
        byte[] body = ("{\"username\":\"" + username + "\",\"name\":\"Chunked\",\"password\":\"" + ApiClient.PASSWORD + "\"}")
                .getBytes(StandardCharsets.UTF_8);

        // when
        HttpResponse<String> response = HTTP.send(chunked("/api/v1/users", body), HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(response.body()).contains(username);
    }

    @Test
    void answersAHeaderTooLargeWithTheContractBody() throws Exception {
        // when
        HttpResponse<String> header = HTTP.send(get("/api/v1/users").header("X-Filler", "a".repeat(20_000)).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> token = HTTP.send(get("/api/v1/users").header("Authorization", "Bearer " + "a".repeat(100_000))
                .build(), HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(header.statusCode()).isEqualTo(400);
        assertThat(header.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(header.body()).contains("\"MALFORMED_REQUEST\"").contains("\"request_id\"").doesNotContain("<html");
        assertThat(token.statusCode()).isEqualTo(400);
        assertThat(token.body()).contains("\"MALFORMED_REQUEST\"").doesNotContain("<html");
    }

    @Test
    void ignoresForwardedHeadersFromAPeerNotConfiguredAsAProxy() throws Exception {
        // when: a loopback client claims to have come over HTTPS through a proxy
        HttpResponse<String> response = HTTP.send(get("/.well-known/openid-configuration")
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-For", "203.0.113.9").build(),
                HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"issuer\":\"http://localhost:" + port + "\"");
    }

    @Test
    void refusesANulCharacterInATitleAsAValidationError() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("nul");

        // when
        var result = author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"a\\u0000b\",\"body\":\"x\\u0000\"}").exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[*].field").asArray().contains("title", "body");
    }

    @Test
    void refusesTheCsrfTokenSentAsAParameter() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("csrfparam");

        // when
        var result = mvc.post().uri("/api/v1/users/" + author.userId() + "/posts?_csrf=" + author.xsrf())
                .cookie(author.session(), new jakarta.servlet.http.Cookie("XSRF-TOKEN", author.xsrf()))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"t\",\"body\":\"b\"}").exchange();

        // then
        assertThat(result).hasStatus(403);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("CSRF_TOKEN_INVALID");
    }

    @Test
    void sendsNoReferrerOnApiAndPublicAnswers() {
        // when
        var api = mvc.get().uri("/api/v1/users").exchange();
        var health = mvc.get().uri("/actuator/health").exchange();

        // then
        assertThat(api.getResponse().getHeader("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(health.getResponse().getHeader("Referrer-Policy")).isEqualTo("no-referrer");
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET();
    }

    private HttpRequest chunked(String path, byte[] body) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();
    }
}
