package org.roost.identity.revocation;

import java.net.http.HttpResponse;
import java.time.Duration;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.RoostApplication;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Whole service instances, started and stopped here against the same PostgreSQL and Redis, as a
 * deployment would run them: a logout on one is refused at once by another, and still refused by
 * an instance started after every earlier one has stopped.
 */
@ExtendWith(RequiresServices.class)
class DenylistAcrossInstancesTest {

    /** Instances behind one load balancer share an issuer; without one each would name its own port. */
    private static final String ISSUER = "http://roost.test";

    @Test
    void denylistedTokenIsRefusedByAnotherInstanceAtOnceAndAfterARestart() throws Exception {
        // given two running instances and a user with two tokens from the first
        String username = ApiClient.uniqueUsername("ivan");
        String loggedOut;
        String stillValid;
        String userId;
        // the run's two shared instances (Instances.pair): this test's users are its own
        ConfigurableApplicationContext first = Instances.pair().get(0);
        ConfigurableApplicationContext second = Instances.pair().get(1);
        HttpSession a = new HttpSession(base(first));
        HttpSession b = new HttpSession(base(second));
        userId = Json.of(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Ivan\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).body()).get("id").asString();
        loggedOut = a.firstPartyToken(username, ApiClient.PASSWORD);
        stillValid = a.firstPartyToken(username, ApiClient.PASSWORD);
        assertThat(get(b, userId, loggedOut).statusCode()).isEqualTo(200);

        // when the first instance logs one token out
        assertThat(a.postJson("/auth/logout", "{}", "Authorization", "Bearer " + loggedOut).statusCode())
                .isEqualTo(204);

        // then the second refuses it straight away (Redis pub/sub), and still accepts the other
        assertThat(eventually(() -> get(b, userId, loggedOut).statusCode() == 401)).isTrue();
        assertThat(get(b, userId, stillValid).statusCode()).isEqualTo(200);

        // when a new instance starts, one that heard nothing of the logout
        try (ConfigurableApplicationContext restarted = start()) {
            HttpSession c = new HttpSession(base(restarted));

            // then the denylist came back from the database, and the keys did too
            HttpResponse<String> refused = get(c, userId, loggedOut);
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(Json.of(refused.body()).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
            assertThat(get(c, userId, stillValid).statusCode()).isEqualTo(200);
        }
    }

    private static ConfigurableApplicationContext start() {
        // Arguments, not default properties: application.yml would otherwise win over them.
        return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "postgres", "redis")
                .run("--server.port=0", "--spring.security.oauth2.authorizationserver.issuer=" + ISSUER,
                        "--spring.jmx.enabled=false");
    }

    private static String base(ConfigurableApplicationContext context) {
        return "http://localhost:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }


    private static HttpResponse<String> get(HttpSession session, String userId, String token) {
        return session.get("/api/v1/users/" + userId, "Authorization", "Bearer " + token);
    }

    private static boolean eventually(java.util.function.BooleanSupplier condition) {
        try {
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50)).until(condition::getAsBoolean);
            return true;
        }
        catch (ConditionTimeoutException never) {
            return false;
        }
    }
}
