package org.roost.support;

import java.util.concurrent.ThreadLocalRandom;

import jakarta.servlet.http.Cookie;

import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.test.web.servlet.request.AbstractMockHttpServletRequestBuilder;

import static org.assertj.core.api.Assertions.assertThat;

/** Signs users up and in through the real endpoints, so tests start from what a client would have. */
public final class ApiClient {

    public static final String PASSWORD = "a long enough password";

    /** What a browser holds after {@code POST /login}. */
    public record Login(long userId, String username, Cookie session, String xsrf) {

        /** Sends the session cookie and, for writes, the CSRF token, as a browser app would. */
        public <B extends AbstractMockHttpServletRequestBuilder<B>> B apply(B request) {
            return request.cookie(session, new Cookie("XSRF-TOKEN", xsrf)).header("X-XSRF-TOKEN", xsrf);
        }

        /** The cookie alone, without the CSRF header. */
        public <B extends AbstractMockHttpServletRequestBuilder<B>> B cookieOnly(B request) {
            return request.cookie(session);
        }
    }

    private final MockMvcTester mvc;

    public ApiClient(MockMvcTester mvc) {
        this.mvc = mvc;
    }

    public static String uniqueUsername(String prefix) {
        return prefix + "_" + Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
    }

    public long signUp(String username) {
        MvcTestResult result = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"%s\",\"password\":\"%s\"}".formatted(username, username, PASSWORD))
                .exchange();
        assertThat(result).hasStatus(201);
        return Long.parseLong(json(result, "id"));
    }

    public Login login(String username) {
        MvcTestResult result = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, PASSWORD)).exchange();
        assertThat(result).hasStatus(200);
        MockHttpServletResponse response = result.getResponse();
        Cookie session = response.getCookie("SESSION");
        Cookie xsrf = response.getCookie("XSRF-TOKEN");
        assertThat(session).isNotNull();
        assertThat(xsrf).isNotNull();
        return new Login(Long.parseLong(json(result, "id")), username, new Cookie("SESSION", session.getValue()),
                xsrf.getValue());
    }

    public Login newUser(String prefix) {
        String username = uniqueUsername(prefix);
        signUp(username);
        return login(username);
    }

    public long createPost(Login author, String title) {
        MvcTestResult result = author.apply(mvc.post().uri("/api/v1/users/" + author.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"%s\",\"body\":\"text\"}".formatted(title))
                .exchange();
        assertThat(result).hasStatus(201);
        return Long.parseLong(json(result, "id"));
    }

    private static String json(MvcTestResult result, String field) {
        try {
            return new tools.jackson.databind.ObjectMapper().readTree(result.getResponse().getContentAsString())
                    .get(field).asString();
        }
        catch (java.io.UnsupportedEncodingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
