package org.roost.platform.ratelimits;

import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.roost.platform.web.ErrorResponses;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/** The API's and GraphQL's buckets charge every spelling of their paths: {@code /%61pi/...} once went free. */
class RateLimitPathTest {

    private final RateLimitFilter filter = new RateLimitFilter(
            new RateLimitProperties(true, 100, Duration.ofMinutes(1), 1, 5, 10, 100), mock(RateLimitBuckets.class),
            mock(ErrorResponses.class), authentication -> Optional.empty());

    @Test
    void chargesEncodedSpellingsOfTheApiAndGraphQl() {
        for (String path : new String[] { "/api/v1/users", "/%61pi/v1/users", "/api/%76" + "1/posts", "/%67raphql" }) {
            assertThat(filter.shouldNotFilter(new MockHttpServletRequest("GET", path))).as(path).isFalse();
        }
        assertThat(filter.shouldNotFilter(new MockHttpServletRequest("GET", "/signin"))).isTrue();
    }
}
