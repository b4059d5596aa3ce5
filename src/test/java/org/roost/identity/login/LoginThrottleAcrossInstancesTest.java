package org.roost.identity.login;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on one Redis spend one login budget: of guesses spread over both, the allowance
 * (five per username and address) is checked and the next answers 429, as on a single instance.
 */
@ExtendWith(RequiresServices.class)
class LoginThrottleAcrossInstancesTest {

    /** The run's two shared instances: this test's users are its own. */
    private final List<ConfigurableApplicationContext> instances = Instances.pair();

    @Test
    void refusesTheSixthGuessWhenFiveAreAllowedAlternatingBetweenTwoInstances() {
        // given a user
        HttpSession a = new HttpSession(Instances.base(instances.get(0)));
        HttpSession b = new HttpSession(Instances.base(instances.get(1)));
        String username = signUp(a, "flo");

        // when five wrong guesses alternate between the instances
        List<Integer> guesses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            guesses.add(login(i % 2 == 0 ? a : b, username, "wrong password " + i).statusCode());
        }

        // then both refuse the sixth attempt, even with the right password, and say when to retry
        assertThat(guesses).containsOnly(401);
        HttpResponse<String> onFirst = login(a, username, ApiClient.PASSWORD);
        HttpResponse<String> onSecond = login(b, username, ApiClient.PASSWORD);
        assertThat(onFirst.statusCode()).isEqualTo(429);
        assertThat(onFirst.body()).contains("\"RATE_LIMITED\"");
        assertThat(onFirst.headers().firstValue("Retry-After")).isPresent();
        assertThat(onSecond.statusCode()).isEqualTo(429);
    }

    @Test
    void refusesTheSixthGuessWhenFiveAreAllowedSentAtOnceToTwoInstances() throws Exception {
        // given a user
        String username = signUp(new HttpSession(Instances.base(instances.get(0))), "gil");

        // when twelve wrong guesses are sent at the same moment, six to each instance
        List<Future<Integer>> answers = new ArrayList<>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 12; i++) {
                HttpSession instance = new HttpSession(Instances.base(instances.get(i % 2)));
                String password = "wrong password " + i;
                answers.add(threads.submit(() -> login(instance, username, password).statusCode()));
            }
        }

        // then five are checked and the other seven refused
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> answer : answers) {
            statuses.add(answer.get());
        }
        assertThat(statuses).filteredOn(status -> status == 401).hasSize(5);
        assertThat(statuses).filteredOn(status -> status == 429).hasSize(7);
    }

    private static String signUp(HttpSession instance, String name) {
        String username = ApiClient.uniqueUsername(name);
        assertThat(instance.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Someone\",\"password\":\"%s\"}"
                .formatted(username, ApiClient.PASSWORD)).statusCode()).isEqualTo(201);
        return username;
    }

    private static HttpResponse<String> login(HttpSession instance, String username, String password) {
        return instance.postJson("/login", "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, password));
    }
}
