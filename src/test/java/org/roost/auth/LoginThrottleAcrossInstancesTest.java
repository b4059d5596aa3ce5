package org.roost.auth;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on one Redis spend one login budget: guesses spread over both back off after the
 * allowance (five per username and address, then one more), as they would on a single instance.
 */
@ExtendWith(RequiresServices.class)
class LoginThrottleAcrossInstancesTest {

    @Test
    void guessesSpreadOverTwoInstancesShareOneAllowance() throws Exception {
        List<ConfigurableApplicationContext> instances = Instances.startTogether(2);
        try (ConfigurableApplicationContext first = instances.get(0); ConfigurableApplicationContext second = instances.get(1)) {
            // given a user
            HttpSession a = new HttpSession(Instances.base(first));
            HttpSession b = new HttpSession(Instances.base(second));
            String username = ApiClient.uniqueUsername("flo");
            assertThat(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Flo\",\"password\":\"%s\"}"
                    .formatted(username, ApiClient.PASSWORD)).statusCode()).isEqualTo(201);

            // when six wrong guesses alternate between the instances (three each)
            List<Integer> guesses = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                guesses.add(login(i % 2 == 0 ? a : b, username, "wrong password " + i).statusCode());
            }

            // then both refuse the next attempt, even with the right password, and say when to retry
            assertThat(guesses).containsOnly(401);
            HttpResponse<String> onFirst = login(a, username, ApiClient.PASSWORD);
            HttpResponse<String> onSecond = login(b, username, ApiClient.PASSWORD);
            assertThat(onFirst.statusCode()).isEqualTo(429);
            assertThat(onFirst.body()).contains("\"RATE_LIMITED\"");
            assertThat(onFirst.headers().firstValue("Retry-After")).isPresent();
            assertThat(onSecond.statusCode()).isEqualTo(429);
        }
    }

    private static HttpResponse<String> login(HttpSession instance, String username, String password) {
        return instance.postJson("/login", "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, password));
    }
}
