package org.roost.authorization.server;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances with a configured issuer, as in production: a token revoked on one is inactive at the other's
 * introspection within the revocation bound, and a forged {@code Host} shapes neither discovery nor a redirect.
 */
@ExtendWith(RequiresServices.class)
class IssuerAndRevocationAcrossInstancesTest {

    private static final String BASIC = "Basic " + Base64.getEncoder()
            .encodeToString("roost-demo-service:demo-service-secret".getBytes(StandardCharsets.UTF_8));

    @Test
    void answersInactiveOnTheOtherInstanceForATokenRevokedOnOne() throws Exception {
        // the run's two shared instances (Instances.pair): this test's users are its own
        ConfigurableApplicationContext first = Instances.pair().get(0);
        ConfigurableApplicationContext second = Instances.pair().get(1);
        // given a token of the demo service, active at the second instance's introspection
        HttpSession a = new HttpSession(Instances.base(first));
        HttpSession b = new HttpSession(Instances.base(second));
        HttpResponse<String> issued = a.postForm("/oauth2/token", java.util.List.of(
                java.util.Map.entry("grant_type", "client_credentials"), java.util.Map.entry("scope", "users:read")),
                "Authorization", BASIC);
        String token = Json.of(issued.body()).get("access_token").asString();
        assertThat(introspect(b, token)).contains("\"active\":true");

        // when the first instance ends it
        assertThat(a.postJson("/auth/logout", "{}", "Authorization", "Bearer " + token).statusCode()).isEqualTo(204);

        // then the second says so within the bound
        await().atMost(Duration.ofSeconds(1)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5))
                .until(() -> introspect(b, token), answer -> answer.equals("{\"active\":false}"));
    }

    @Test
    void letsNoForgedHostShapeDiscoveryOrRedirects() throws Exception {
        ConfigurableApplicationContext instance = Instances.pair().get(0); // the run's shared pair
        // given
        int port = URI.create(Instances.base(instance)).getPort();

        // when
        String discovery = raw(port, "/.well-known/openid-configuration");
        String authorize = raw(port, "/oauth2/authorize?response_type=code&client_id=roost-demo-service"
                + "&redirect_uri=http://127.0.0.1:8082/callback&scope=openid");

        // then
        // (before the one public origin, a forged Host was served and had to shape nothing; now it is not served)
        assertThat(discovery).startsWith("HTTP/1.1 400").contains("\"MALFORMED_REQUEST\"").doesNotContain("evil.example");
        assertThat(authorize).startsWith("HTTP/1.1 400").doesNotContainIgnoringCase("\nLocation:")
                .doesNotContain("evil.example");
    }

    private static String introspect(HttpSession session, String token) {
        return session.postForm("/oauth2/introspect", java.util.List.of(java.util.Map.entry("token", token)),
                "Authorization", BASIC).body();
    }

    /** A GET with {@code Host: evil.example}, which Java's HTTP client will not send. */
    private static String raw(int port, String path) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: evil.example\r\nAccept: text/html,application/json\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
