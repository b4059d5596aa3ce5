package org.roost.authorization.passkeys;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** The passkey endpoints take from the address's bucket: a small one here (20 tokens, 5 a request). */
@SpringBootTest(properties = { "roost.redis.enabled=false", "roost.rate-limits.capacity=20", "roost.rate-limits.window=1h",
        "roost.scheduling.enabled=false" }) // no scheduled job is under test here (docs/testing.md)
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
class PasskeyRateLimitTest {

    @Autowired
    MockMvcTester mvc;

    MvcTestResult signIn(String address) {
        return mvc.post().uri("/login/webauthn").with(request -> {
            request.setRemoteAddr(address);
            return request;
        }).contentType(MediaType.APPLICATION_JSON).content("{}").exchange();
    }

    @Test
    void anAddressThatKeepsTryingIsToldToWaitAndOthersAreNot() {
        // given four refused sign-ins, which spend the address's bucket
        for (int i = 0; i < 4; i++) {
            assertThat(signIn("192.0.2.10")).hasStatus(401);
        }

        // when it tries again, and another address tries once
        MvcTestResult fifth = signIn("192.0.2.10");
        MvcTestResult elsewhere = signIn("192.0.2.11");

        // then the first is told to wait, in the contract's body; the other is answered as usual
        assertThat(fifth).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
        assertThat(fifth.getResponse().getHeader("Retry-After")).isNotBlank();
        assertThat(elsewhere).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
    }

    @Test
    void signInOptionsCountToo() {
        for (int i = 0; i < 4; i++) {
            mvc.post().uri("/webauthn/authenticate/options").with(request -> {
                request.setRemoteAddr("192.0.2.20");
                return request;
            }).exchange();
        }

        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").with(request -> {
            request.setRemoteAddr("192.0.2.20");
            return request;
        }).exchange();

        assertThat(options).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
    }
}
