package org.roost.identity.revocation;

import java.time.Duration;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Logout and password change on one instance: refused by that instance at once and by the other within
 * the bound. The documented bound (100 ms p99) is measured by bench/revocation.sh; this test allows a
 * loaded CI machine 1 s, far below the 30 s periodic re-read that would otherwise be what delivers it.
 */
@ExtendWith(RequiresServices.class)
class RevocationAcrossInstancesTest {

    private static final Duration CI_BOUND = Duration.ofSeconds(1);

    @Test
    void logoutAndPasswordChangeAreRefusedAtOnceHereAndWithinTheBoundThere() throws Exception {
        // the run's two shared instances (Instances.pair): this test's users are its own
        ConfigurableApplicationContext first = Instances.pair().get(0);
        ConfigurableApplicationContext second = Instances.pair().get(1);
        // given two instances and a user with two tokens, each accepted by the other instance
        HttpSession a = new HttpSession(Instances.base(first));
        HttpSession b = new HttpSession(Instances.base(second));
        String username = ApiClient.uniqueUsername("vera");
        String userId = Json.of(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Vera\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).body()).get("id").asString();
        String loggedOut = a.firstPartyToken(username, ApiClient.PASSWORD);
        String other = a.firstPartyToken(username, ApiClient.PASSWORD);
        assertThat(status(b, userId, loggedOut)).isEqualTo(200);
        assertThat(status(b, userId, other)).isEqualTo(200);

        // when the first instance logs one out
        assertThat(a.postJson("/auth/logout", "{}", "Authorization", "Bearer " + loggedOut).statusCode()).isEqualTo(204);

        // then the first refuses it at once, the second within the bound
        assertThat(status(a, userId, loggedOut)).isEqualTo(401);
        assertThat(refusedWithin(b, userId, loggedOut)).isTrue();

        // when the password is changed on the second instance
        assertThat(b.send("PATCH", "/api/v1/users/" + userId, "{\"password\":\"another long password\","
                + "\"current_password\":\"%s\"}".formatted(ApiClient.PASSWORD), "Authorization", "Bearer " + other)
                .statusCode()).isEqualTo(200);

        // then the second refuses the remaining token at once, the first within the bound
        assertThat(status(b, userId, other)).isEqualTo(401);
        assertThat(refusedWithin(a, userId, other)).isTrue();
    }

    private static boolean refusedWithin(HttpSession session, String userId, String token) {
        try {
            await().atMost(CI_BOUND).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5))
                    .until(() -> status(session, userId, token) == 401);
            return true;
        }
        catch (ConditionTimeoutException never) {
            return false;
        }
    }


    private static int status(HttpSession session, String userId, String token) {
        return session.get("/api/v1/users/" + userId, "Authorization", "Bearer " + token).statusCode();
    }
}
