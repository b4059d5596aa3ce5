package org.roost.platform.ratelimits;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The doors reached before anyone is known charge the address on the one mechanism ({@link RateLimitBuckets}),
 * each in its own format: the authorization server's OAuth error, the contract's body for {@code /auth/providers}.
 * A small bucket here (20 tokens an hour: a read takes 1, a write 5), as in the passkeys' test.
 */
@SpringBootTest(properties = { "roost.redis.enabled=false", "roost.rate-limits.capacity=20", "roost.rate-limits.window=1h",
        "roost.scheduling.enabled=false" }) // no scheduled job is under test here (docs/testing.md)
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
class DoorRateLimitsTest {

    @Autowired
    MockMvcTester mvc;

    MvcTestResult token(String address) {
        return mvc.post().uri("/oauth2/token").with(request -> {
            request.setRemoteAddr(address);
            return request;
        }).param("grant_type", "client_credentials").exchange();
    }

    MvcTestResult providers(String address) {
        return mvc.get().uri("/auth/providers").with(request -> {
            request.setRemoteAddr(address);
            return request;
        }).exchange();
    }

    @Test
    void theAuthorizationServerAnswersAnAddressOverItsBucketInTheOAuthFormat() {
        // given four token requests (no client credentials, refused), which spend the address's 20 tokens
        for (int i = 0; i < 4; i++) {
            assertThat(token("192.0.2.30").getResponse().getStatus()).isNotEqualTo(429);
        }

        // when it asks again, and another address asks once
        MvcTestResult fifth = token("192.0.2.30");
        MvcTestResult elsewhere = token("192.0.2.31");

        // then the first is told to wait in the OAuth error format; the other is answered as usual
        assertThat(fifth).hasStatus(429).bodyJson().extractingPath("$.error").isEqualTo("temporarily_unavailable");
        assertThat(Long.parseLong(fifth.getResponse().getHeader("Retry-After"))).isBetween(1L, 3600L);
        assertThat(elsewhere.getResponse().getStatus()).isNotEqualTo(429);
        // and each door has its own bucket: the provider list still answers that address
        assertThat(providers("192.0.2.30")).hasStatus(200);
    }

    @Test
    void theProviderListAnswersAnAddressOverItsBucketInTheContractsBody() {
        for (int i = 0; i < 20; i++) {
            assertThat(providers("192.0.2.40")).hasStatus(200);
        }

        MvcTestResult refused = providers("192.0.2.40");

        assertThat(refused).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(refused.getResponse().getHeader("Retry-After"))).isBetween(1L, 3600L);
        assertThat(providers("192.0.2.41")).hasStatus(200);
    }

    @Test
    void theActivityPubDoorsAnswerAnAddressOverItsBucketInTheContractsBody() {
        // given 20 reads of ActivityPub's doors (whatever they answer) from one address
        for (int i = 0; i < 20; i++) {
            assertThat(activityPub("/.well-known/webfinger?resource=acct:nobody@localhost", "192.0.2.50"))
                    .hasStatus(404);
        }

        // when it reads another of them, and another address reads once
        MvcTestResult refused = activityPub("/nodeinfo/2.1", "192.0.2.50");
        MvcTestResult elsewhere = activityPub("/nodeinfo/2.1", "192.0.2.51");

        // then the one bucket covers every ActivityPub door for that address, and it is the address's alone
        assertThat(refused).hasStatus(429).bodyJson().extractingPath("$.error.code").isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(refused.getResponse().getHeader("Retry-After"))).isBetween(1L, 3600L);
        assertThat(elsewhere).hasStatus(200);
    }

    MvcTestResult activityPub(String path, String address) {
        return mvc.get().uri(path).with(request -> {
            request.setRemoteAddr(address);
            return request;
        }).exchange();
    }
}
