package org.roost.identity.login;

import org.junit.jupiter.api.Test;
import org.roost.platform.web.ErrorResponses;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/** The throttle counts every spelling of the token endpoints: {@code /oauth2/%74oken} once skipped it. */
class ClientSecretThrottlePathTest {

    private final ClientSecretThrottleFilter filter = new ClientSecretThrottleFilter(mock(LoginThrottle.class),
            mock(ErrorResponses.class));

    @Test
    void countsEncodedSpellingsOfTheEndpointsThatCheckSecrets() {
        for (String path : new String[] { "/oauth2/token", "/oauth2/%74oken", "/%6Fauth2/introspect", "/oauth2/%72evoke" }) {
            assertThat(filter.shouldNotFilter(new MockHttpServletRequest("POST", path))).as(path).isFalse();
        }
        assertThat(filter.shouldNotFilter(new MockHttpServletRequest("POST", "/oauth2/jwks"))).isTrue();
    }
}
