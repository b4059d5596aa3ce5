package org.roost.authorization.token;

import java.util.Random;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;

import static org.assertj.core.api.Assertions.assertThat;

/** HeaderBearerTokenResolver answers every request exactly as Spring Security's default resolver. */
class HeaderBearerTokenResolverTest {

    private final HeaderBearerTokenResolver fast = new HeaderBearerTokenResolver();
    private final DefaultBearerTokenResolver standard = new DefaultBearerTokenResolver();

    @Test
    void readsAWellFormedTokenWithoutTheDefaultResolver() {
        // given a token with every allowed character and padding
        String token = "abcXYZ019-._~+/==";

        // when
        String read = HeaderBearerTokenResolver.token("bEaReR " + token);

        // then
        assertThat(read).isEqualTo(token);
    }

    @Test
    void answersAsTheDefaultResolverOnRandomHeaders() {
        // given headers over an alphabet of token characters, separators and awkward ones
        String alphabet = "Bbearer aA0z9-._~+/=\t,;:\"\\\u00e9\u0130\u212a\u017f";
        Random random = new Random(11);
        for (int i = 0; i < 50_000; i++) {
            StringBuilder header = new StringBuilder(random.nextBoolean() ? "Bearer " : random.nextBoolean() ? "bearer" : "");
            for (int n = random.nextInt(12); n > 0; n--) {
                header.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            // then both give the same token or the same error
            assertSameAnswer(request("GET", header.toString(), null, null));
        }
    }

    @Test
    void leavesRequestsThatMayNameASecondTokenToTheDefaultResolver() {
        // given a valid header and a token in the query or the form, or a malformed header
        assertSameAnswer(request("GET", "Bearer abc", "access_token=def", null));
        assertSameAnswer(request("POST", "Bearer abc", null, "application/x-www-form-urlencoded"));
        assertSameAnswer(request("GET", "Bearer abc", "other=1", null));
        assertSameAnswer(request("GET", "Bearer a b", null, null));
        assertSameAnswer(request("GET", "Bearer ", null, null));
        assertSameAnswer(request("GET", "Bearer ==", null, null));
        assertSameAnswer(request("GET", null, "access_token=def", null));
        assertSameAnswer(request("GET", "Basic dXNlcjpwYXNz", null, null));
    }

    private void assertSameAnswer(HttpServletRequest request) {
        assertThat(answer(fast::resolve, request)).as("%s %s?%s", request.getHeader("Authorization"),
                request.getMethod(), request.getQueryString()).isEqualTo(answer(standard::resolve, request));
    }

    private static String answer(Function<HttpServletRequest, String> resolver, HttpServletRequest request) {
        try {
            return "token " + resolver.apply(request);
        }
        catch (OAuth2AuthenticationException ex) {
            return "error " + ex.getError().getErrorCode() + " " + ex.getError().getDescription();
        }
    }

    private static MockHttpServletRequest request(String method, String authorization, String query, String type) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, "/api/v1/users/1");
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        if (query != null) {
            request.setQueryString(query);
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                request.addParameter(kv[0], kv[1]);
            }
        }
        if (type != null) {
            request.setContentType(type);
            request.addParameter("access_token", "form");
        }
        return request;
    }
}
