package org.roost.platform.web;

import org.junit.jupiter.api.Test;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** Which {@code Host} names are served: loopback and configured ones everywhere, any for health probes only. */
@EmbeddedDefaultsTest
class AllowedHostsTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void refusesAnotherHostEverywhereButHealth() {
        assertThat(mvc.get().uri("/api/v1/users").header("Host", "10.1.2.3:8080").exchange()).hasStatus(400)
                .bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(mvc.get().uri("/.well-known/openid-configuration").header("Host", "evil.example").exchange())
                .hasStatus(400);
        // a kubelet's probe names the pod's address
        assertThat(mvc.get().uri("/actuator/health/liveness").header("Host", "10.1.2.3:8080").exchange()).hasStatus(200);
        assertThat(mvc.get().uri("/api/v1/users").header("Host", "127.0.0.2").exchange().getResponse().getStatus())
                .isNotEqualTo(400);
    }
}
