package org.roost.platform.web;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** Request bodies are read as the JSON they are: no coercion, no key twice, UTF-8 and Unicode only. */
@IntegrationTest
class StrictJsonTest {

    @Autowired
    MockMvcTester mvc;

    private MvcTestResult signUp(byte[] body) {
        return mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON).content(body).exchange();
    }

    private MvcTestResult signUp(String body) {
        return signUp(body.getBytes(StandardCharsets.UTF_8));
    }

    private MvcTestResult createPost(ApiClient.Login author, String body) {
        return author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content(body).exchange();
    }

    @Test
    void refusesANumberWhereAStringIsExpected() {
        // when
        var result = signUp("{\"username\":12345,\"name\":\"Numbers\",\"password\":\"" + ApiClient.PASSWORD + "\"}");

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("username");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].message").isEqualTo("must be a string");
    }

    @Test
    void refusesABooleanWhereAStringIsExpected() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("strict");

        // when
        var name = signUp("{\"username\":\"" + ApiClient.uniqueUsername("bool") + "\",\"name\":true,\"password\":\""
                + ApiClient.PASSWORD + "\"}");
        var title = createPost(author, "{\"title\":true,\"body\":\"x\"}");
        var fraction = createPost(author, "{\"title\":\"t\",\"body\":1.5}");

        // then
        assertThat(name).hasStatus(400);
        assertThat(name).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        assertThat(title).hasStatus(400);
        assertThat(title).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(title).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(title).bodyJson().extractingPath("$.error.details[0].message").isEqualTo("must be a string");
        assertThat(fraction).hasStatus(400);
        assertThat(fraction).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("body");
    }

    @Test
    void refusesAStringWhereABooleanIsExpected() {
        // given
        String username = ApiClient.uniqueUsername("remember");
        new ApiClient(mvc).signUp(username);

        // when
        var result = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON).content("{\"username\":\""
                + username + "\",\"password\":\"" + ApiClient.PASSWORD + "\",\"remember_me\":\"true\"}").exchange();

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("remember_me");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].message").isEqualTo("must be true or false");
    }

    @Test
    void refusesTheSameKeyTwiceAsMalformedNamingTheKey() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("twice");

        // when
        var result = createPost(author, "{\"title\":\"a\",\"title\":\"b\",\"body\":\"c\"}");

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].message").isEqualTo("appears more than once");
    }

    @Test
    void refusesAnOverlongUtf8FormNamingTheField() {
        // given "a" C0 AF "b": an overlong '/', which Jackson alone decodes
        String username = ApiClient.uniqueUsername("overlong");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("{\"username\":\"" + username + "\",\"password\":\"" + ApiClient.PASSWORD + "\",\"name\":\"a")
                .getBytes(StandardCharsets.UTF_8));
        body.writeBytes(new byte[] { (byte) 0xC0, (byte) 0xAF });
        body.writeBytes("b\"}".getBytes(StandardCharsets.UTF_8));

        // when
        var result = signUp(body.toByteArray());

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].message").isEqualTo("must be valid UTF-8");
        assertThat(mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"" + username + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}"))
                .hasStatus(401);
    }

    @Test
    void refusesInvalidUtf8OutsideAStringAsMalformed() {
        // given an encoded surrogate (ED A0 80) in a key
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes("{\"na".getBytes(StandardCharsets.UTF_8));
        body.writeBytes(new byte[] { (byte) 0xED, (byte) 0xA0, (byte) 0x80 });
        body.writeBytes("me\":\"x\"}".getBytes(StandardCharsets.UTF_8));

        // when
        var result = signUp(body.toByteArray());

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
    }

    @Test
    void refusesALoneSurrogateEscapeNamingTheField() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("surrogate");

        // when
        var result = createPost(author, "{\"title\":\"ok\",\"body\":\"x\\udc00y\"}");

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("body");
    }

    @Test
    void stillReadsAPairedSurrogateEscape() {
        // given
        ApiClient.Login author = new ApiClient(mvc).newUser("emoji");

        // when
        var result = createPost(author, "{\"title\":\"\\ud83d\\ude00\",\"body\":\"\u00e9\"}");

        // then
        assertThat(result).hasStatus(201);
        assertThat(result).bodyJson().extractingPath("$.title").isEqualTo("\uD83D\uDE00");
    }
}
