package org.roost.platform.web.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** The answers that replaced the 500s the fuzz test found, pinned to their status and code. */
@LiveGraphQlTest
class FuzzFindingsTest {

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    private FuzzIdentity identity;

    @BeforeEach
    void signUp() {
        identity = FuzzIdentity.create(mvc, port);
    }

    @Test
    void refusesAMediaRangeAsContentTypeWith415() throws IOException {
        // when
        RawHttp.Response get = send("GET", "/api/v1/users/" + identity.login().userId(), "*/*", "");
        RawHttp.Response graphQl = send("POST", "/graphql", "application/*", "{\"query\":\"{ me { id } }\"}");

        // then
        assertThat(get.status()).isEqualTo(415);
        assertThat(Json.of(get.body()).at("/error/code").asString()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        assertThat(graphQl.status()).isEqualTo(415);
    }

    @Test
    void answersAMultipartBodyWithoutABoundaryWith400() throws IOException {
        // when
        RawHttp.Response upload = send("POST", "/api/v1/users/" + identity.login().userId() + "/avatar",
                "multipart/form-data; boundary=", "");
        RawHttp.Response get = send("GET", "/api/v1/users/" + identity.other() + "/followers", "multipart/form-data", "");

        // then
        assertThat(upload.status()).isEqualTo(400);
        assertThat(Json.of(upload.body()).at("/error/code").asString()).isEqualTo("MALFORMED_REQUEST");
        assertThat(get.status()).isEqualTo(400);
    }

    @Test
    void answersAFormBodyOnPatchWith415() throws IOException {
        // when
        RawHttp.Response response = send("PATCH", "/api/v1/users/" + identity.login().userId() + "/posts/" + identity.post(),
                "application/x-www-form-urlencoded", "title=%zz");

        // then
        assertThat(response.status()).isEqualTo(415);
        assertThat(Json.of(response.body()).at("/error/code").asString()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void answersAQueryParameterThatIsNoUtf8With400() throws IOException {
        // when
        RawHttp.Response response = send("GET", "/api/v1/users/" + identity.login().userId() + "/posts?after=%00%ff",
                "application/json", "");

        // then
        assertThat(response.status()).isEqualTo(400);
        assertThat(Json.of(response.body()).at("/error/code").asString()).isEqualTo("MALFORMED_REQUEST");
    }

    @Test
    void refusesAnUnpairedSurrogateInAPasswordAsAValidationError() throws IOException {
        // when
        RawHttp.Response signUp = send("POST", "/api/v1/users", "application/json",
                "{\"username\":\"surrogate_pw2\",\"name\":\"x\",\"password\":\"long enough \\udc72 password\"}");
        RawHttp.Response login = send("POST", "/auth/token", "application/json", "{\"username\":\""
                + identity.login().username() + "\",\"password\":\"long enough \\ud800 password\"}");

        // then
        assertThat(signUp.status()).isEqualTo(400);
        assertThat(Json.of(signUp.body()).at("/error/details/0/field").asString()).isEqualTo("password");
        // a lone surrogate is refused wherever JSON carries it (docs/api.md, "Input validation"), login included
        assertThat(login.status()).isEqualTo(400);
        assertThat(Json.of(login.body()).at("/error/code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(Json.of(login.body()).at("/error/details/0/field").asString()).isEqualTo("password");
    }

    @Test
    void refusesAGraphQlDocumentWhoseValidationThrowsAsAValidationError() throws IOException {
        // when
        RawHttp.Response response = send("POST", "/graphql", "application/json",
                "{\"query\":\"subscription { followerAdded { id } feedPostCreated @include(if: \\\"yes\\\") { id } }\"}");

        // then
        assertThat(response.status()).isEqualTo(200);
        assertThat(Json.of(response.body()).at("/errors/0/extensions/code").asString()).isEqualTo("VALIDATION_ERROR");
    }

    private RawHttp.Response send(String method, String target, String contentType, String body) throws IOException {
        List<Map.Entry<String, String>> headers = List.of(Map.entry("Authorization", "Bearer " + identity.bearer()),
                Map.entry("Content-Type", contentType));
        return new RawHttp(port, Duration.ofSeconds(5)).send(new RawHttp.Request(method, target, headers,
                body.getBytes(StandardCharsets.UTF_8)), 0);
    }
}
