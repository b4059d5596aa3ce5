package org.roost.platform.ratelimits;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.OpenApiResponseValidation;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GraphQL operations pay by their computed cost: 1 token, plus 1 per 50 points (rounded up), from a
 * budget of 100 tokens an hour (so nothing refills while a test runs).
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(properties = { "roost.rate-limits.capacity=100", "roost.rate-limits.window=1h" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "postgres", "redis" })
@Import({ TestDatabaseConfig.class, OpenApiResponseValidation.class })
class GraphQlRateLimitTest {

    /** 2 points: 1 + 1 token. */
    private static final String CHEAP = "{ me { id } }";
    /** 1 + 100 × (1 + 1 + 20 × 1) = 2201 points: 1 + 45 tokens. */
    private static final String EXPENSIVE = "{ users(first: 100) { id posts(first: 20) { id } } }";

    @Autowired
    MockMvcTester mvc;

    @Test
    void aCheapOperationCostsLessThanAnExpensiveOne() {
        // given a caller with a full budget
        ApiClient.Login caller = new ApiClient(mvc).newUser("cheap");

        // when it sends a cheap operation, then an expensive one
        MvcTestResult cheap = graphQl(caller, CHEAP);
        MvcTestResult expensive = graphQl(caller, EXPENSIVE);

        // then the headers show what each took
        assertThat(cheap).hasStatusOk().headers().hasValue("RateLimit", "\"default\";r=98;t=0");
        assertThat(expensive).hasStatusOk().headers().hasValue("RateLimit", "\"default\";r=52;t=0");
    }

    @Test
    void anOperationTheBudgetCannotPayIsRefusedWith429() {
        // given a caller that spent 92 of its 100 tokens on two expensive operations
        ApiClient.Login caller = new ApiClient(mvc).newUser("costly");
        assertThat(graphQl(caller, EXPENSIVE)).hasStatusOk();
        assertThat(graphQl(caller, EXPENSIVE)).hasStatusOk().headers().hasValue("RateLimit", "\"default\";r=8;t=0");

        // when it sends a third
        MvcTestResult refused = graphQl(caller, EXPENSIVE);

        // then it is refused before it runs, with when to retry; a cheap one still fits
        assertThat(refused).hasStatus(429).headers().containsHeader("Retry-After");
        assertThat(Long.parseLong(refused.getResponse().getHeader("Retry-After"))).isBetween(1L, 3600L);
        assertThat(refused).bodyJson().extractingPath("$.errors[0].extensions.code").isEqualTo("RATE_LIMITED");
        assertThat(refused).bodyJson().extractingPath("$.errors[0].message").asString().contains("rate limit");
        assertThat(refused.getResponse().getHeader("RateLimit")).startsWith("\"default\";r=7;t=");
        assertThat(graphQl(caller, CHEAP)).hasStatusOk().headers().hasValue("RateLimit", "\"default\";r=5;t=0");
    }

    private MvcTestResult graphQl(ApiClient.Login caller, String query) {
        return caller.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"" + query + "\"}").exchange();
    }
}
