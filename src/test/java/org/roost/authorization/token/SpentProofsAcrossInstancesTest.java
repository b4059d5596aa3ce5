package org.roost.authorization.token;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.DPoPKey;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.roost.support.RequiresServices;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A DPoP proof used on one instance is refused by the other (SpentProofs, Redis): at a resource and at the token
 * endpoint. Behind a balancer every instance is reached at one URL, which a proof's {@code htu} names; here the
 * second instance is sent the first one's {@code Host} (a loopback name, as allowed), so that only the replay can
 * make it refuse, and a fresh proof sent the same way shows that it accepts otherwise.
 */
@ExtendWith(RequiresServices.class)
class SpentProofsAcrossInstancesTest {

    private static final String CLIENT = "roost-demo-service";
    private static final String SECRET = "demo-service-secret";

    private final int first = port(Instances.pair().get(0));
    private final int second = port(Instances.pair().get(1));
    private final String origin = "http://localhost:" + first;
    private final DPoPKey key = DPoPKey.generate();

    @Test
    void aProofUsedAtAResourceOnOneInstanceIsRefusedByTheOther() throws IOException {
        // given a DPoP-bound token, and a request with its proof answered by the first instance
        String token = boundToken();
        String url = origin + "/api/v1/users/0";
        String proof = key.proof("GET", url, token);
        assertThat(get(first, "/api/v1/users/0", token, proof)).startsWith("HTTP/1.1 404"); // no user 0: read with the token, not refused

        // when the same proof is sent to the second instance
        String replayed = get(second, "/api/v1/users/0", token, proof);

        // then it is refused there, with the API's error body, and a new proof is accepted
        assertThat(replayed).startsWith("HTTP/1.1 401").contains("invalid_dpop_proof").contains("\"INVALID_TOKEN\"")
                .contains("used before");
        assertThat(get(second, "/api/v1/users/0", token, key.proof("GET", url, token))).startsWith("HTTP/1.1 404");
    }

    @Test
    void aProofUsedAtTheTokenEndpointOnOneInstanceIsRefusedByTheOther() throws IOException {
        // given a token request with a proof, granted by the first instance
        String proof = key.proof("POST", origin + "/oauth2/token");
        String body = "grant_type=client_credentials&scope=users%3Aread";
        assertThat(post(first, "/oauth2/token", body, proof)).startsWith("HTTP/1.1 200").contains("\"token_type\":\"DPoP\"");

        // when the same request, proof included, goes to the second
        String replayed = post(second, "/oauth2/token", body, proof);

        // then it is refused in the protocol's own form, and a new proof is granted
        assertThat(replayed).startsWith("HTTP/1.1 400").contains("\"error\":\"invalid_dpop_proof\"");
        assertThat(post(second, "/oauth2/token", body, key.proof("POST", origin + "/oauth2/token"))).startsWith("HTTP/1.1 200");
    }

    private String boundToken() {
        var tokens = new HttpSession(origin).postForm("/oauth2/token",
                List.of(Map.entry("grant_type", "client_credentials"), Map.entry("scope", "users:read")),
                "Authorization", OAuthPerson.basic(CLIENT, SECRET), "DPoP", key.proof("POST", origin + "/oauth2/token"));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("access_token").asString();
    }

    private String get(int port, String path, String token, String proof) throws IOException {
        return exchange(port, "GET " + path + " HTTP/1.1\r\nHost: localhost:" + first + "\r\nAuthorization: DPoP " + token
                + "\r\nDPoP: " + proof + "\r\nConnection: close\r\n\r\n");
    }

    private String post(int port, String path, String form, String proof) throws IOException {
        return exchange(port, "POST " + path + " HTTP/1.1\r\nHost: localhost:" + first + "\r\nAuthorization: "
                + OAuthPerson.basic(CLIENT, SECRET) + "\r\nDPoP: " + proof
                + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length()
                + "\r\nConnection: close\r\n\r\n" + form);
    }

    /** One request on a socket of its own (the Host header a client library would not let us set), read to its end. */
    private static String exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
