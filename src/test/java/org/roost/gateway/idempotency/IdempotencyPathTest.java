package org.roost.gateway.idempotency;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.web.ErrorResponses;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * An {@code Idempotency-Key} holds on every spelling of an API path ({@code /%61pi/...} once made two posts of one
 * key), and links keep the version the client used.
 */
class IdempotencyPathTest {

    private final IdempotencyFilter filter = new IdempotencyFilter(mock(IdempotencyStore.class),
            mock(ErrorResponses.class), new IdempotencyProperties(Duration.ofDays(1), Duration.ofMinutes(1),
                    DataSize.ofKilobytes(64)));

    @Test
    void aKeyHoldsOnEverySpellingOfAnApiPath() {
        for (String path : new String[] { "/api/v1/users/1/posts", "/%61pi/v1/users/1/posts", "/api/%76" + "1/users/1/posts" }) {
            MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
            request.addHeader(IdempotencyFilter.HEADER, "k1");
            request.setContentType("application/json");
            assertThat(filter.shouldNotFilter(request)).as(path).isFalse();
        }
    }

    @Test
    void linksKeepTheVersionOnEverySpelling() {
        assertThat(ApiPaths.prefix(new MockHttpServletRequest("GET", "/%61pi/v1/users"))).isEqualTo(ApiPaths.V1);
        assertThat(ApiPaths.prefix(new MockHttpServletRequest("GET", "/api/%76" + "1/users"))).isEqualTo(ApiPaths.V1);
        assertThat(ApiPaths.prefix(new MockHttpServletRequest("GET", "/api/users"))).isEqualTo(ApiPaths.UNVERSIONED);
    }
}
