package org.roost.platform.ratelimits;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.graphql.GraphQlTightened;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GraphQL operations pay by their computed cost: 1 token, plus 1 per 50 points (rounded up), from a
 * budget of roost.rate-limits.capacity tokens an hour (so nothing refills while a test runs).
 */
@GraphQlTightened // the rate limit is its roost.rate-limits.capacity: the expected counts below follow from it
class GraphQlRateLimitTest {

    /** 2 points: 1 + 1 token. */
    private static final String CHEAP = "{ me { id } }";
    /** 1 + 100 × (1 + 1 + 20 × 1) = 2201 points: 1 + 45 tokens. */
    private static final String EXPENSIVE = "{ users(first: 100) { id posts(first: 20) { id } } }";

    @Autowired
    MockMvcTester mvc;

    @Value("${roost.rate-limits.capacity}")
    long capacity;

    @Test
    void aCheapOperationCostsLessThanAnExpensiveOne() {
        // given a caller with a full budget
        ApiClient.Login caller = new ApiClient(mvc).newUser("cheap");

        // when it sends a cheap operation, then an expensive one
        MvcTestResult cheap = graphQl(caller, CHEAP);
        MvcTestResult expensive = graphQl(caller, EXPENSIVE);

        // then the headers show what each took: 2 tokens, then 46
        assertThat(cheap).hasStatusOk().headers().hasValue("RateLimit", remaining(capacity - 2));
        assertThat(expensive).hasStatusOk().headers().hasValue("RateLimit", remaining(capacity - 2 - 46));
    }

    @Test
    void anOperationTheBudgetCannotPayIsRefusedWith429() {
        // given a caller that spent all it could on expensive operations (46 tokens each)
        ApiClient.Login caller = new ApiClient(mvc).newUser("costly");
        long left = capacity;
        while (left >= 46) {
            assertThat(graphQl(caller, EXPENSIVE)).hasStatusOk().headers().hasValue("RateLimit", remaining(left - 46));
            left -= 46;
        }

        // when it sends one more
        MvcTestResult refused = graphQl(caller, EXPENSIVE);

        // then it is refused before it runs (paying 1 token), with when to retry; a cheap one still fits
        assertThat(refused).hasStatus(429).headers().containsHeader("Retry-After");
        assertThat(Long.parseLong(refused.getResponse().getHeader("Retry-After"))).isBetween(1L, 3600L);
        assertThat(refused).bodyJson().extractingPath("$.errors[0].extensions.code").isEqualTo("RATE_LIMITED");
        assertThat(refused).bodyJson().extractingPath("$.errors[0].message").asString().contains("rate limit");
        assertThat(refused.getResponse().getHeader("RateLimit")).startsWith("\"default\";r=" + (left - 1) + ";t=");
        assertThat(graphQl(caller, CHEAP)).hasStatusOk().headers().hasValue("RateLimit", remaining(left - 3));
    }

    private static String remaining(long tokens) {
        return "\"default\";r=" + tokens + ";t=0";
    }

    private MvcTestResult graphQl(ApiClient.Login caller, String query) {
        return caller.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"" + query + "\"}").exchange();
    }
}
