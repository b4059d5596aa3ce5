package org.roost.authorization.token;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without a configured issuer, each request's origin is its issuer (remembered per origin): every origin gets its own,
 * whichever was asked first, and the path and query of the request play no part.
 */
class IssuersTest {

    private final Issuers issuers = new Issuers(AuthorizationServerSettings.builder().build(), new MockEnvironment());

    private static MockHttpServletRequest request(String scheme, String host, int port, String contextPath, String uri) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", uri);
        request.setScheme(scheme);
        request.setServerName(host);
        request.setServerPort(port);
        request.setContextPath(contextPath);
        request.setQueryString("a=b");
        return request;
    }

    @Test
    void givesEachOriginItsOwnIssuerAskedInAnyOrder() {
        List<MockHttpServletRequest> requests = List.of(
                request("http", "localhost", 8080, "", "/api/v1/users/1"),
                request("http", "127.0.0.1", 8080, "", "/graphql"),
                request("http", "localhost", 9090, "", "/"),
                request("https", "localhost", 443, "", "/userinfo"),
                request("https", "roost.example", 8443, "/app", "/app/api/v1/posts"));
        List<String> expected = List.of("http://localhost:8080", "http://127.0.0.1:8080", "http://localhost:9090",
                "https://localhost", "https://roost.example:8443/app");

        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < requests.size(); i++) {
                int index = round == 0 ? i : requests.size() - 1 - i;
                assertThat(issuers.of(requests.get(index))).as("round %d, request %d", round, index)
                        .isEqualTo(expected.get(index));
            }
        }
    }

    @Test
    void usesTheConfiguredIssuerWhenThereIsOne() {
        Issuers fixed = new Issuers(AuthorizationServerSettings.builder().issuer("https://roost.example").build(),
                new MockEnvironment());

        assertThat(fixed.of(request("http", "localhost", 8080, "", "/"))).isEqualTo("https://roost.example");
    }
}
