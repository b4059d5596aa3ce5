package org.roost.graphql.transport;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.graphql.GraphQlClient;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** What an attacker tried against /graphql: oversized and odd bodies, cache stuffing, scope gaps. */
@LiveGraphQlTest
class HostileGraphQlTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    PersistedQueries persistedQueries;

    @LocalServerPort
    int port;

    @Value("${roost.api.max-body-size}")
    DataSize maxBodySize;

    @Test
    void refusesAChunkedBodyOverTheLimitWith413() throws Exception {
        // given: a body without a Content-Length, sent as chunks: exactly one byte over the limit, and not the chunk
        // that ends the body. The service answers once it has read past the limit and closes the connection. (A
        // client still sending at that moment gets the connection reset, which can take the answer with it: one
        // that sent 3 MB in one go once saw no answer at all on a loaded machine. Here everything sent has been read.)
        int limit = Math.toIntExact(maxBodySize.toBytes());
        String start = "{\"query\":\"{ me { id } }\",\"variables\":{\"x\":\"";
        byte[] sent = (start + "a".repeat(limit + 1 - start.length())).getBytes(StandardCharsets.US_ASCII);

        // when
        String answer;
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(30_000);
            var out = socket.getOutputStream();
            out.write(("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            for (int from = 0; from < sent.length; from += 64 * 1024) {
                int length = Math.min(64 * 1024, sent.length - from);
                out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(sent, from, length);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }

        // then
        assertThat(answer).startsWith("HTTP/1.1 413 ");
        assertThat(answer).contains("\"PAYLOAD_TOO_LARGE\"");
    }

    @Test
    void keepsNoPersistedQueryLargerThanTheDocumentLimit() throws Exception {
        // given: a document over 16 KB, most of it a comment
        String query = "{ me { username } }\n#" + "x".repeat(20_000);
        String extensions = extensions(query);
        long before = persistedQueries.size();

        // when
        var register = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON)
                .content(GraphQlClient.JSON.writeValueAsString(java.util.Map.of("query", query,
                        "extensions", GraphQlClient.JSON.readValue(extensions, java.util.Map.class)))).exchange();
        var lookup = mvc.get().uri("/graphql").param("extensions", extensions).exchange();

        // then
        assertThat(GraphQlClient.body(register).get("errors").get(0).get("extensions").get("code").asString())
                .isEqualTo("QUERY_TOO_COMPLEX");
        assertThat(GraphQlClient.body(lookup).get("errors").get(0).get("message").asString()).isEqualTo("PersistedQueryNotFound");
        assertThat(persistedQueries.size()).isLessThanOrEqualTo(before);
    }

    @Test
    void keepsNoPersistedQueryThatFailsValidation() throws Exception {
        // given
        String query = "{ noSuchField" + System.nanoTime() + " }";
        String extensions = extensions(query);

        // when
        mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"" + query + "\",\"extensions\":" + extensions + "}").exchange();
        var lookup = mvc.get().uri("/graphql").param("extensions", extensions).exchange();

        // then
        assertThat(GraphQlClient.body(lookup).get("errors").get(0).get("message").asString()).isEqualTo("PersistedQueryNotFound");
    }

    @Test
    void refusesFollowersThroughAPostAuthorToAPostsReadOnlyToken() throws Exception {
        // given
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("scoped");
        long post = api.createPost(author, "Scoped");
        String token = clientToken("posts:read");

        // when
        var result = mvc.post().uri("/graphql").header("Authorization", "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ post(id: \\\"" + post + "\\\") { title author { id followerCount followers { id } following { id } } } }\"}")
                .exchange();

        var allowed = mvc.post().uri("/graphql").header("Authorization", "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ post(id: \\\"" + post + "\\\") { title author { id } } }\"}").exchange();

        // then: the non-null fields refused make the post null; nothing of the follow graph leaks
        JsonNode body = GraphQlClient.body(result);
        assertThat(body.get("errors").findValuesAsString("code")).containsExactly("INSUFFICIENT_SCOPE",
                "INSUFFICIENT_SCOPE", "INSUFFICIENT_SCOPE");
        assertThat(body.get("errors").findValues("path").stream().map(JsonNode::toString))
                .containsExactlyInAnyOrder("[\"post\",\"author\",\"followerCount\"]",
                        "[\"post\",\"author\",\"followers\"]", "[\"post\",\"author\",\"following\"]");
        assertThat(body.get("data").get("post").isNull()).isTrue();
        JsonNode allowedPost = GraphQlClient.body(allowed).get("data").get("post");
        assertThat(allowedPost.get("title").asString()).isEqualTo("Scoped");
        assertThat(allowedPost.get("author").get("id").asString()).isEqualTo(String.valueOf(author.userId()));
    }

    @Test
    void answersContentTypesSpringCannotParseWith415NotA500() throws Exception {
        // when
        HttpResponse<String> utf7 = post("application/json;charset=UTF-7", "{\"query\":\"{ __typename }\"}");
        HttpResponse<String> oddParameter = post("application/json;x=a/b", "{\"query\":\"{ __typename }\"}");

        // then
        assertThat(utf7.statusCode()).as(utf7.body()).isLessThan(500);
        assertThat(oddParameter.statusCode()).as(oddParameter.body()).isLessThan(500);
        assertThat(utf7.body()).contains("\"UNSUPPORTED_MEDIA_TYPE\"");
        assertThat(oddParameter.body()).contains("\"UNSUPPORTED_MEDIA_TYPE\"");
    }

    HttpResponse<String> post(String contentType, String body) throws Exception {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/graphql"))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    String clientToken(String scope) throws Exception {
        MvcTestResult result = mvc.post().uri("/oauth2/token")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "roost-demo-service:demo-service-secret".getBytes(StandardCharsets.UTF_8)))
                .param("grant_type", "client_credentials").param("scope", scope).exchange();
        assertThat(result).hasStatus(200);
        return JsonPath.read(result.getResponse().getContentAsString(StandardCharsets.UTF_8), "$.access_token");
    }

    private static String extensions(String query) throws Exception {
        String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(query.getBytes(StandardCharsets.UTF_8)));
        return "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"" + hash + "\"}}";
    }
}
