package org.roost.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.roost.shared.ApiException;
import org.roost.shared.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoginThrottleTest {

    static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-11-22T12:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final MovableClock clock = new MovableClock();
    final LoginThrottle throttle = new LoginThrottle(new LoginThrottleProperties(5, 10, Duration.ofMinutes(15)), clock);

    @Test
    void limitsFailuresFromOneAddressAcrossUsernames() {
        // given ten failures from one address, each for another username
        for (int i = 0; i < 10; i++) {
            throttle.recordFailure("user" + i, "10.0.0.1");
        }

        // then that address is refused, even for a username that never failed; another address is not
        assertThatThrownBy(() -> throttle.check("fresh", "10.0.0.1")).isInstanceOf(ApiException.class)
                .extracting(ex -> ((ApiException) ex).code()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThatCode(() -> throttle.check("fresh", "10.0.0.2")).doesNotThrowAnyException();
    }

    @Test
    void tellsHowLongToWaitAndLiftsTheLimitWhenTheWindowEnds() {
        for (int i = 0; i < 5; i++) {
            throttle.recordFailure("ann", "10.0.0." + i);
        }
        clock.now = clock.now.plus(Duration.ofMinutes(10));

        var refused = org.assertj.core.api.Assertions.catchThrowableOfType(ApiException.class, () -> throttle.check("ann", "10.0.0.9"));
        assertThat(refused.retryAfter()).isBetween(Duration.ofMinutes(5), Duration.ofMinutes(5).plusSeconds(1));

        clock.now = clock.now.plus(Duration.ofMinutes(6));
        assertThatCode(() -> throttle.check("ann", "10.0.0.9")).doesNotThrowAnyException();
    }

    @Test
    void forgetsAUsernamesFailuresAfterASuccess() {
        for (int i = 0; i < 4; i++) {
            throttle.recordFailure("bob", "10.0.0.1");
        }

        throttle.recordSuccess("BOB");
        throttle.recordFailure("bob", "10.0.0.1");

        assertThatCode(() -> throttle.check("bob", "10.0.0.3")).doesNotThrowAnyException();
    }
}
