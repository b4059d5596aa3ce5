package org.roost.platform.connections;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class OffenceTest {

    private static final ConnectionsProperties LIMITS = new ConnectionsProperties(Duration.ofSeconds(10),
            DataSize.ofKilobytes(1), Duration.ofSeconds(5), 1000, Duration.ofMillis(500), "10\\.0\\.0\\.5");

    @Test
    void allowsAnyBodyRateWithinTheGrace() {
        // when: nothing read after 4.9 s
        boolean slow = Offence.bodyTooSlow(10_000, 0, false, seconds(4.9), LIMITS);

        // then
        assertThat(slow).isFalse();
    }

    @Test
    void cutsABodyBehindTheMinimumRateAfterTheGrace() {
        // when: 1,000 bytes read 7 s in (2 s past the grace: 2,048 expected)
        boolean slow = Offence.bodyTooSlow(10_000, 1_000, false, seconds(7), LIMITS);

        // then
        assertThat(slow).isTrue();
    }

    @Test
    void keepsABodyAtTheMinimumRate() {
        // when: 2,048 bytes read 7 s in
        boolean slow = Offence.bodyTooSlow(10_000, 2_048, false, seconds(7), LIMITS);

        // then
        assertThat(slow).isFalse();
    }

    @Test
    void neverJudgesACompleteBodyOrAChunkedOneNobodyWaitsFor() {
        // when / then: the application works with what it has read (or there is no body)
        assertThat(Offence.bodyTooSlow(500, 500, true, seconds(60), LIMITS)).isFalse();
        assertThat(Offence.bodyTooSlow(-1, 0, false, seconds(60), LIMITS)).isFalse();
    }

    @Test
    void cutsAChunkedBodyBehindTheMinimumRateWhileTheRequestWaitsForIt() {
        // when: no length declared, 1,000 bytes read 7 s in, the request's thread waiting for more
        boolean slow = Offence.bodyTooSlow(-1, 1_000, true, seconds(7), LIMITS);

        // then
        assertThat(slow).isTrue();
    }

    @Test
    void exemptsOnlyTheConfiguredProxiesFromThePerAddressLimit() {
        // when / then
        assertThat(LIMITS.isProxy("10.0.0.5")).isTrue();
        assertThat(LIMITS.isProxy("10.0.0.50")).isFalse();
        assertThat(new ConnectionsProperties(Duration.ofSeconds(10), DataSize.ofKilobytes(1), Duration.ofSeconds(5),
                1000, Duration.ofMillis(500), "").isProxy("10.0.0.5")).isFalse();
    }

    private static long seconds(double seconds) {
        return (long) (seconds * 1_000_000_000L);
    }
}
