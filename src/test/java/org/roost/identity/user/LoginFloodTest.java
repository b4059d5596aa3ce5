package org.roost.identity.user;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTestVariant;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A flood of wrong-password logins at the production Argon2id cost must not take the database pool from
 * other requests: a login waiting its turn at the hashing pool holds no connection (it did, and reads
 * answered 503). The same context as {@link SignUpFloodTest}
 * ({@code IntegrationTestVariant}).
 */
@IntegrationTestVariant // Argon2id at its production cost, no scheduled jobs
class LoginFloodTest {

    private static final int LOGINS = 64;

    @LocalServerPort
    int port;

    @Autowired
    PasswordEncoder encoder;

    BoundedPasswordEncoder hashing;

    @BeforeEach
    void hashingPool() {
        hashing = (BoundedPasswordEncoder) encoder;
    }

    @Test
    void keepsAuthenticatedReadsAnsweredDuringALoginFlood() throws Exception {
        // given: a user with a token, reading
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String reader = ApiClient.uniqueUsername("reader");
        assertThat(hashed(http, "/api/v1/users", "{\"username\":\"" + reader + "\",\"name\":\"Reader\",\"password\":\""
                + ApiClient.PASSWORD + "\"}").statusCode()).isEqualTo(201);
        String access = hashed(http, "/auth/token", login(reader, ApiClient.PASSWORD)).body()
                .replaceAll(".*\"access_token\":\"([^\"]+)\".*", "$1");
        HttpClient readers = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest read = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/users?limit=5"))
                .header("Authorization", "Bearer " + access).build();

        // when: 64 wrong-password logins at once, each for another username, and reads while they run
        List<CompletableFuture<Integer>> logins = new ArrayList<>();
        List<Integer> reads = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < LOGINS; i++) {
                String username = ApiClient.uniqueUsername("guess");
                logins.add(CompletableFuture.supplyAsync(
                        () -> send(http, "/login", login(username, "wrong password")).statusCode(), threads));
            }
            // the logins arrived: every hashing thread is at work, the rest wait for one
            await().atMost(Duration.ofSeconds(30)).until(hashing::saturated);
            for (int i = 0; i < 10; i++) {
                reads.add(readers.send(read, HttpResponse.BodyHandlers.ofString()).statusCode());
            }
            CompletableFuture.allOf(logins.toArray(CompletableFuture[]::new)).join();
        }

        // then: every read was served (no 503 from a pool that queued logins held), every login answered
        assertThat(reads).containsOnly(200);
        assertThat(logins).allSatisfy(status -> assertThat(status.join()).isIn(401, 503));
    }

    private static String login(String username, String password) {
        return "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}";
    }

    /** A request that hashes a password: on a loaded machine the bounded hashing pool may turn it away (503) at first. */
    private HttpResponse<String> hashed(HttpClient http, String path, String json) {
        // retried after the Retry-After (1 s) the 503 gives
        return await().atMost(Duration.ofSeconds(15)).pollDelay(Duration.ZERO).pollInterval(Duration.ofSeconds(1))
                .until(() -> send(http, path, json), answer -> answer.statusCode() != 503);
    }

    private HttpResponse<String> send(HttpClient http, String path, String json) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
        catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }
}
