package org.roost.platform.availability;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Supplier;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.RoostApplication;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OwnPostgres;
import org.roost.support.OwnRedis;
import org.roost.support.RequiresOwnServers;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service against a PostgreSQL cluster and a redis-server of this test's own, which it stops,
 * freezes and starts again: every request that needs a missing dependency answers 503 with
 * Retry-After within 3 s, bearer requests do without Redis, readiness answers within 1 s, and the
 * service recovers by itself.
 */
@ExtendWith(RequiresOwnServers.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DependencyFailureTest {

    private static final Duration FAST = Duration.ofSeconds(3);
    private static final Duration RECOVERY = Duration.ofSeconds(30);

    private OwnPostgres postgres;
    private OwnRedis redis;
    private ConfigurableApplicationContext app;
    private String base;
    private String userId;
    private String username;

    @BeforeAll
    void startOwnServersAndTheService() throws Exception {
        try {
            postgres = OwnPostgres.start();
            redis = OwnRedis.start();
        }
        catch (RuntimeException ex) {
            stopEverything();
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw ex;
            }
            System.err.println("SKIPPED: could not start an own PostgreSQL or Redis: " + ex.getMessage());
            Assumptions.abort("could not start an own PostgreSQL or Redis: " + ex.getMessage());
        }
        app = new SpringApplicationBuilder(RoostApplication.class).profiles("test")
                .run("--server.port=0", "--spring.jmx.enabled=false",
                        "--spring.datasource.url=" + postgres.jdbcUrl(), "--spring.datasource.username=postgres",
                        "--spring.datasource.password=", "--spring.data.redis.host=127.0.0.1",
                        "--spring.data.redis.port=" + redis.port(), "--roost.redis.enabled=true");
        base = "http://localhost:" + ((WebServerApplicationContext) app).getWebServer().getPort();
        username = ApiClient.uniqueUsername("fault");
        HttpResponse<String> created = new HttpSession(base).postJson("/api/v1/users",
                "{\"username\":\"%s\",\"name\":\"Fault\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(created.statusCode()).isEqualTo(201);
        userId = Json.of(created.body()).get("id").asString();
    }

    @AfterAll
    void stopEverything() {
        try {
            if (app != null) {
                app.close();
            }
        }
        finally {
            try {
                if (postgres != null) {
                    postgres.close();
                }
            }
            finally {
                if (redis != null) {
                    redis.close();
                }
            }
        }
    }

    /** Whatever a test did, the next one starts with both servers up and the service serving. */
    @AfterEach
    void restoreServers() {
        postgres.resume();
        if (!listening(postgres.port())) {
            postgres.startServer();
        }
        if (!listening(redis.port())) {
            redis.startServer();
        }
        awaitStatus(this::tokenRequest, 200);
        String token = bearerToken();
        awaitStatus(() -> user(new HttpSession(base), token), 200);
        awaitStatus(() -> new HttpSession(base).postJson("/login", credentials()), 200);
    }

    @Test
    void poolAndDriverCarryTheConfiguredTimeouts() throws Exception {
        // given the service as configured by application.yml, its pool behind the queue that keeps callers in order
        DataSource dataSource = app.getBean(DataSource.class);
        assertThat(dataSource).isInstanceOf(FairConnectionQueue.class);
        HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);

        // then waiting for a connection and every driver read are bounded
        assertThat(pool.getConnectionTimeout()).isEqualTo(2000);
        assertThat(pool.getDataSourceProperties()).containsEntry("socketTimeout", "2")
                .containsEntry("connectTimeout", "2").containsEntry("loginTimeout", "2")
                .containsEntry("options", "-c statement_timeout=1500");
    }

    @Test
    void stoppedDatabaseAnswers503WithRetryAfterQuicklyAndRecoversWithoutRestart() {
        // given a bearer token and a browser session, both working
        String token = bearerToken();
        HttpSession browser = signedIn();
        HttpSession client = new HttpSession(base);
        assertThat(user(client, token).statusCode()).isEqualTo(200);

        // when the database is stopped
        postgres.stopServer();

        // then reads, writes, session requests and GraphQL answer 503 (or its GraphQL code) fast
        assertUnavailable(() -> user(client, token));
        assertUnavailable(() -> client.postJson("/api/v1/users/" + userId + "/posts", "{\"title\":\"lost?\"}", "Authorization", "Bearer " + token));
        assertUnavailable(() -> user(browser, null));
        assertUnavailable(() -> client.postJson("/auth/token",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)));
        HttpResponse<String> graphql = timed(() -> client.postJson("/graphql",
                "{\"query\":\"{ user(id: \\\"%s\\\") { username } }\"}".formatted(userId), "Authorization", "Bearer " + token));
        assertThat(Json.of(graphql.body()).at("/errors/0/extensions/code").asString()).isEqualTo("SERVICE_UNAVAILABLE");
        HttpResponse<String> mutation = timed(() -> client.postJson("/graphql",
                "{\"query\":\"mutation { createPost(input: {title: \\\"lost?\\\"}) { id } }\"}",
                "Authorization", "Bearer " + token));
        assertThat(Json.of(mutation.body()).at("/errors/0/extensions/code").asString()).as(mutation.body())
                .isEqualTo("SERVICE_UNAVAILABLE");
        // and a client of GraphQL over HTTP's statuses gets the REST API's 503 with Retry-After
        HttpResponse<String> strict = timed(() -> client.postJson("/graphql",
                "{\"query\":\"mutation { createPost(input: {title: \\\"lost?\\\"}) { id } }\"}",
                "Authorization", "Bearer " + token, "Accept", "application/graphql-response+json"));
        assertThat(strict.statusCode()).as(strict.body()).isEqualTo(503);
        assertThat(strict.headers().firstValue("Retry-After")).isPresent();
        // and readiness says so, answering at once
        awaitReadiness(503);

        // when the database comes back
        postgres.startServer();

        // then the same requests succeed again, without a restart
        awaitStatus(() -> user(client, token), 200);
        assertThat(user(browser, null).statusCode()).isEqualTo(200);
        awaitReadiness(200);
    }

    @Test
    void hungDatabaseAnswers503WithRetryAfterQuicklyAndRecoversWhenItResumes() {
        // given a working bearer token
        String token = bearerToken();
        HttpSession client = new HttpSession(base);
        assertThat(user(client, token).statusCode()).isEqualTo(200);

        // when the database hangs: every PostgreSQL process frozen, connections open, nothing answers
        postgres.hang();

        // then requests still answer 503 within the bound, again and again (no pile-up)
        for (int i = 0; i < 3; i++) {
            assertUnavailable(() -> user(client, token));
        }
        assertUnavailable(() -> client.postJson("/api/v1/users/" + userId + "/posts", "{\"title\":\"hung\"}", "Authorization", "Bearer " + token));
        awaitReadiness(503);

        // when it resumes
        postgres.resume();

        // then the service serves again by itself
        awaitStatus(() -> user(client, token), 200);
        awaitReadiness(200);
    }

    @Test
    void stoppedRedisFailsSessionRequestsQuicklyWhileBearerRequestsStillWork() {
        // given a browser session and a bearer token
        HttpSession browser = signedIn();
        String token = bearerToken();
        String loggedOut = bearerToken();
        HttpSession client = new HttpSession(base);

        // when Redis is stopped
        redis.stopServer();

        // then a session request answers 503 fast, and a bearer request is served as usual
        assertUnavailable(() -> user(browser, null));
        HttpResponse<String> bearer = timed(() -> user(client, token));
        assertThat(bearer.statusCode()).isEqualTo(200);
        // and logging a token out (which publishes the revocation over Redis) neither waits nor fails
        HttpResponse<String> logout = timed(() -> client.postJson("/auth/logout", "{}", "Authorization", "Bearer " + loggedOut));
        assertThat(logout.statusCode()).isEqualTo(204);
        assertThat(user(client, loggedOut).statusCode()).isEqualTo(401);
        // and this instance stays ready: it serves bearer traffic
        assertThat(timed(this::readiness).statusCode()).isEqualTo(200);

        // when Redis comes back (empty: sessions are gone, as after any Redis restart without persistence)
        redis.startServer();

        // then signing in works again and the new session is served, without a restart
        awaitStatus(() -> new HttpSession(base).postJson("/login",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)), 200);
        assertThat(user(signedIn(), null).statusCode()).isEqualTo(200);
    }

    private HttpSession signedIn() {
        HttpSession browser = new HttpSession(base);
        HttpResponse<String> login = browser.postJson("/login",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD));
        assertThat(login.statusCode()).isEqualTo(200);
        return browser;
    }

    private String credentials() {
        return "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD);
    }

    private HttpResponse<String> tokenRequest() {
        return new HttpSession(base).postJson("/auth/token", credentials());
    }

    private String bearerToken() {
        HttpResponse<String> response = tokenRequest();
        assertThat(response.statusCode()).isEqualTo(200);
        return Json.of(response.body()).get("access_token").asString();
    }

    private HttpResponse<String> user(HttpSession session, String token) {
        return token == null ? session.get("/api/v1/users/" + userId)
                : session.get("/api/v1/users/" + userId, "Authorization", "Bearer " + token);
    }

    private HttpResponse<String> readiness() {
        return new HttpSession(base).get("/actuator/health/readiness");
    }

    /** 503, Retry-After, the contract's body, within {@link #FAST}. */
    private static void assertUnavailable(Supplier<HttpResponse<String>> request) {
        HttpResponse<String> response = timed(request);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValueSatisfying(
                value -> assertThat(Integer.parseInt(value)).isPositive());
        assertThat(Json.of(response.body()).at("/error/code").asString()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(Json.of(response.body()).at("/request_id").asString()).isNotBlank();
    }

    private static HttpResponse<String> timed(Supplier<HttpResponse<String>> request) {
        long start = System.nanoTime();
        HttpResponse<String> response = request.get();
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(took).as("answered in %s", took).isLessThan(FAST);
        return response;
    }

    /** Polls readiness until it reports {@code status}; every answer must come within 1 s. */
    private void awaitReadiness(int status) {
        awaitStatus(() -> {
            long start = System.nanoTime();
            HttpResponse<String> response = readiness();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("readiness answer time")
                    .isLessThan(Duration.ofSeconds(1));
            return response;
        }, status);
    }

    /** Polls until the status is reached (recovery, or a probe noticing an outage). */
    private void awaitStatus(Supplier<HttpResponse<String>> request, int status) {
        await("status " + status).atMost(RECOVERY).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200))
                .until(() -> request.get().statusCode() == status);
    }

    private static boolean listening(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 300);
            return true;
        }
        catch (java.io.IOException ex) {
            return false;
        }
    }

}
