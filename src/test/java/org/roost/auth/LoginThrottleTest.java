package org.roost.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.shared.ApiException;
import org.roost.shared.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

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

    static final LoginThrottleProperties PROPERTIES = new LoginThrottleProperties(5, 50, 100, 10,
            Duration.ofMinutes(15), Duration.ofSeconds(1));

    final MovableClock clock = new MovableClock();
    LoginThrottle throttle;

    @BeforeEach
    void createThrottle() {
        throttle = new LoginThrottle(PROPERTIES, counters(), clock);
    }

    /** Where the counts live: this instance's memory here, Redis in {@link SharedLoginThrottleTest}. */
    LoginCounters counters() {
        return new InMemoryLoginCounters(PROPERTIES);
    }

    @Test
    void countsGuessesSentAtOnceBeforeAnyIsChecked() throws Exception {
        // given
        AtomicInteger allowed = new AtomicInteger();

        // when: forty guesses for one account from one address at the same moment
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 40; i++) {
                threads.submit(() -> {
                    try {
                        throttle.attempt("ann", "10.0.0.1");
                        allowed.incrementAndGet();
                    }
                    catch (ApiException refused) {
                        assertThat(refused.code()).isEqualTo(ErrorCode.RATE_LIMITED);
                    }
                });
            }
        }

        // then: the allowance and one back-off attempt, no more
        assertThat(allowed.get()).isEqualTo(6);
    }

    @Test
    void backsOffWithGrowingDelaysInsteadOfLockingOut() {
        // given the allowance used up
        for (int i = 0; i < 5; i++) {
            throttle.attempt("bob", "10.0.0.1");
        }

        // when / then: each further attempt is allowed after a delay that doubles
        for (long seconds : new long[] { 1, 2, 4, 8 }) {
            throttle.attempt("bob", "10.0.0.1");
            ApiException refused = catchThrowableOfType(ApiException.class, () -> throttle.attempt("bob", "10.0.0.1"));
            assertThat(refused.code()).isEqualTo(ErrorCode.RATE_LIMITED);
            assertThat(refused.retryAfter()).isBetween(Duration.ofSeconds(seconds), Duration.ofSeconds(seconds + 1));
            clock.now = clock.now.plusSeconds(seconds);
        }
    }

    @Test
    void aStrangerGuessingFromElsewhereDoesNotLockTheOwnerOut() {
        // given a stranger's twenty wrong guesses from one address
        for (int i = 0; i < 20; i++) {
            try {
                throttle.attempt("carol", "203.0.113.9");
            }
            catch (ApiException backedOff) {
                clock.now = clock.now.plusSeconds(1);
            }
        }

        // then the owner, from her own address, logs in at once
        assertThatCode(() -> throttle.attempt("carol", "10.0.0.7")).doesNotThrowAnyException();
    }

    @Test
    void limitsAttemptsFromOneAddressAcrossUsernames() {
        // given a hundred attempts from one address, each for another username
        for (int i = 0; i < 101; i++) {
            throttle.attempt("user" + i, "10.0.0.1");
        }

        // then that address backs off, even for a fresh username; another address does not
        assertThatThrownBy(() -> throttle.attempt("fresh", "10.0.0.1")).isInstanceOf(ApiException.class)
                .extracting(ex -> ((ApiException) ex).code()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThatCode(() -> throttle.attempt("fresh", "10.0.0.2")).doesNotThrowAnyException();
    }

    @Test
    void forgetsThePairsAttemptsAfterASuccess() {
        for (int i = 0; i < 5; i++) {
            throttle.attempt("dan", "10.0.0.1");
        }

        throttle.succeeded("DAN", "10.0.0.1");

        for (int i = 0; i < 5; i++) {
            assertThatCode(() -> throttle.attempt("dan", "10.0.0.1")).doesNotThrowAnyException();
        }
    }

    @Test
    void backsOffAClientGuessingItsSecret() {
        for (int i = 0; i < 11; i++) {
            throttle.clientAttempt("service");
        }

        assertThatThrownBy(() -> throttle.clientAttempt("service")).isInstanceOf(ApiException.class)
                .extracting(ex -> ((ApiException) ex).code()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThatCode(() -> throttle.clientAttempt("other")).doesNotThrowAnyException();
    }
}
