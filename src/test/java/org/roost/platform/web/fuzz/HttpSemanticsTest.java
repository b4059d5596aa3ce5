package org.roost.platform.web.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.CapturedLog;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Methods, media types and the container's own refusals as a client sees them over a socket (docs/api.md, "HTTP
 * semantics"): whoever refuses a request, Tomcat, the firewall, the security layer or Spring MVC, the answer is the
 * contract's error body with a fitting status and code, an {@code X-Request-Id}, the security headers and a log line.
 */
@LiveGraphQlTest
class HttpSemanticsTest {

    /** What every answer carries from the security filter chains (compare a plain 404). */
    private static final List<String> SECURITY_HEADERS = List.of("X-Content-Type-Options", "X-Frame-Options",
            "X-XSS-Protection", "Referrer-Policy", "Cache-Control");

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    @Test
    void answersAMethodTheServerDoesNotImplementWith501AndTheSecurityHeaders() throws IOException {
        // given
        RawHttp.Response notFound = send("GET", "/nothing-here", List.of(), "");

        // when
        RawHttp.Response propfind = send("PROPFIND", "/api/v1/users", List.of(), "");
        RawHttp.Response anywhere = send("BREW", "/", List.of(), "");

        // then
        assertThat(propfind.status()).isEqualTo(501);
        assertThat(code(propfind)).isEqualTo("NOT_IMPLEMENTED");
        assertThat(anywhere.status()).isEqualTo(501);
        assertCarriesWhatEveryAnswerCarries(propfind, notFound);
        assertCarriesWhatEveryAnswerCarries(anywhere, notFound);
    }

    @Test
    void answersAMethodThePathLacksWith405AndAllowWhateverTheCredential() throws IOException {
        // when: methods these paths do not have, without any credential
        RawHttp.Response deleteUsers = send("DELETE", "/api/v1/users", List.of(), "");
        RawHttp.Response patchLogin = send("PATCH", "/login", List.of(Map.entry("Content-Type", "application/json")), "{}");
        RawHttp.Response getToken = send("GET", "/auth/token", List.of(), "");

        // then
        assertThat(deleteUsers.status()).isEqualTo(405);
        assertThat(code(deleteUsers)).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(deleteUsers.header("Allow")).hasValueSatisfying(allow ->
                assertThat(allow).contains("GET").contains("POST").doesNotContain("DELETE"));
        assertThat(patchLogin.status()).isEqualTo(405);
        assertThat(patchLogin.header("Allow")).hasValueSatisfying(allow -> assertThat(allow).contains("POST"));
        assertThat(getToken.status()).isEqualTo(405);
        assertThat(getToken.header("Allow")).contains("POST");
    }

    @Test
    void answersTheGraphQlPathsLikeTheRestApiForMethodsTheyLack() throws IOException {
        for (var path : Map.of("/graphql", "GET, POST", "/graphql/schema", "GET", "/graphiql", "GET").entrySet()) {
            for (String method : List.of("PUT", "PATCH", "DELETE")) {
                // when: without any credential
                RawHttp.Response response = send(method, path.getKey(), List.of(), "");

                // then: 405 with Allow in the contract's body, before any credential is asked for
                assertThat(response.status()).as(method + " " + path.getKey()).isEqualTo(405);
                assertThat(code(response)).isEqualTo("METHOD_NOT_ALLOWED");
                assertThat(response.header("Allow")).contains(path.getValue());
            }
        }
        // and: HEAD is GET without a body, OPTIONS lists the methods (as Spring MVC answers them on REST paths)
        RawHttp.Response head = send("HEAD", "/graphiql", List.of(), "");
        RawHttp.Response options = send("OPTIONS", "/graphql", List.of(), "");
        RawHttp.Response postPage = send("POST", "/graphiql", List.of(Map.entry("Content-Type", "application/json")), "{}");
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.header("Allow")).contains("GET, POST, HEAD, OPTIONS");
        assertThat(postPage.status()).isEqualTo(405);
        assertThat(postPage.header("Allow")).contains("GET");
    }

    @Test
    void stillAsksForACredentialOnAPathThatHasTheMethod() throws IOException {
        // when
        RawHttp.Response response = send("DELETE", "/api/v1/users/1", List.of(), "");

        // then
        assertThat(response.status()).isEqualTo(401);
        assertThat(code(response)).isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void answersTomcatsOwnRefusalsInTheContractWithARequestIdHeadersAndALogLine() throws IOException {
        // given
        RawHttp.Response notFound = send("GET", "/nothing-here", List.of(), "");

        // when: refusals Tomcat makes before any filter runs
        RawHttp.Response connect;
        RawHttp.Response unknownCoding;
        RawHttp.Response twoHosts;
        String version;
        List<Map<String, String>> logged;
        try (CapturedLog access = CapturedLog.of("access")) {
            connect = send("CONNECT", "/api/v1/users", List.of(), "");
            unknownCoding = send("POST", "/api/v1/users", List.of(Map.entry("Transfer-Encoding", "foo"),
                    Map.entry("Content-Type", "application/json")), "");
            twoHosts = send("GET", "/api/v1/users", List.of(Map.entry("Host", "elsewhere")), "");
            version = raw("GET / HTTP/2.0\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            logged = access.pairs();
        }

        // then
        assertThat(connect.status()).isEqualTo(501);
        assertThat(code(connect)).isEqualTo("NOT_IMPLEMENTED");
        assertThat(unknownCoding.status()).isEqualTo(501);
        assertThat(code(unknownCoding)).isEqualTo("NOT_IMPLEMENTED");
        assertThat(twoHosts.status()).isEqualTo(400);
        assertThat(code(twoHosts)).isEqualTo("MALFORMED_REQUEST");
        assertThat(version).startsWith("HTTP/1.1 505").contains("\"HTTP_VERSION_NOT_SUPPORTED\"")
                .contains("X-Request-Id: ").contains("X-Content-Type-Options: nosniff");
        for (RawHttp.Response refusal : List.of(connect, unknownCoding, twoHosts)) {
            assertCarriesWhatEveryAnswerCarries(refusal, notFound);
            String id = refusal.header("X-Request-Id").orElseThrow();
            assertThat(logged).as("an access log line for " + id).anySatisfy(line -> {
                assertThat(line).containsEntry("request_id", id).containsEntry("status", String.valueOf(refusal.status()));
            });
        }
    }

    @Test
    void givesTomcatsTraceRefusalTheSecurityHeaders() throws IOException {
        // given
        RawHttp.Response notFound = send("GET", "/nothing-here", List.of(), "");

        // when
        RawHttp.Response trace = send("TRACE", "/api/v1/users", List.of(), "");

        // then
        assertThat(trace.status()).isEqualTo(405);
        assertThat(code(trace)).isEqualTo("METHOD_NOT_ALLOWED");
        assertCarriesWhatEveryAnswerCarries(trace, notFound);
    }

    @Test
    void refusesABodyOfAnotherMediaTypeOnTheTokenLogoutWith415() throws IOException {
        // given
        FuzzIdentity identity = FuzzIdentity.create(mvc, port);
        var bearer = Map.entry("Authorization", "Bearer " + identity.bearer());

        // when
        RawHttp.Response ldJson = send("POST", "/auth/logout", List.of(bearer, Map.entry("Content-Type",
                "application/ld+json")), "{}");
        RawHttp.Response text = send("POST", "/auth/logout", List.of(bearer, Map.entry("Content-Type", "text/plain")), "{}");
        RawHttp.Response stillValid = send("GET", "/api/v1/users/" + identity.login().userId(), List.of(bearer), "");
        RawHttp.Response json = send("POST", "/auth/logout", List.of(bearer, Map.entry("Content-Type",
                "application/json; charset=utf-8")), "{}");

        // then: refused before the token was touched; JSON still ends it
        assertThat(ldJson.status()).isEqualTo(415);
        assertThat(code(ldJson)).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        assertThat(text.status()).isEqualTo(415);
        assertThat(stillValid.status()).isEqualTo(200);
        assertThat(json.status()).isEqualTo(204);
    }

    @Test
    void endsATokenWithoutABodyOrContentType() throws IOException {
        // given
        FuzzIdentity identity = FuzzIdentity.create(mvc, port);
        var bearer = Map.entry("Authorization", "Bearer " + identity.bearer());

        // when: no body at all (Content-Length: 0)
        RawHttp.Response response = send("POST", "/auth/logout", List.of(bearer), "");
        RawHttp.Response after = send("GET", "/api/v1/users/" + identity.login().userId(), List.of(bearer), "");

        // then
        assertThat(response.status()).isEqualTo(204);
        assertThat(after.status()).isEqualTo(401);
    }

    private void assertCarriesWhatEveryAnswerCarries(RawHttp.Response refusal, RawHttp.Response normal) {
        String id = refusal.header("X-Request-Id").orElseThrow();
        assertThat(Json.of(refusal.body()).get("request_id").asString()).isEqualTo(id);
        assertThat(refusal.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        for (String header : SECURITY_HEADERS) {
            assertThat(refusal.header(header)).as(header).isPresent().isEqualTo(normal.header(header));
        }
    }

    private static String code(RawHttp.Response response) {
        return Json.of(response.body()).at("/error/code").asString();
    }

    private RawHttp.Response send(String method, String target, List<Map.Entry<String, String>> headers, String body)
            throws IOException {
        return new RawHttp(port, Duration.ofSeconds(5)).send(new RawHttp.Request(method, target, headers,
                body.getBytes(StandardCharsets.UTF_8)), 1);
    }

    /** Bytes RawHttp would not write (another HTTP version), and the whole answer as text. */
    private String raw(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
