package org.roost.identity.login;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;

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
    void refusesTheSixthGuessWhenFiveAreAllowed() {
        // given the five guesses the pair is allowed, each checked
        for (int i = 0; i < 5; i++) {
            assertThatCode(() -> throttle.attempt("abe", "10.0.0.1")).doesNotThrowAnyException();
        }

        // when / then: the sixth is refused before its password is checked
        assertRefused(() -> throttle.attempt("abe", "10.0.0.1"));
    }

    @Test
    void refusesTheSixthGuessWhenFiveAreAllowedEvenSentAtOnce() {
        // when: forty guesses for one account from one address at the same moment
        int allowed = allowedAtOnce(40, i -> throttle.attempt("ann", "10.0.0.1"));

        // then: the allowance, no more
        assertThat(allowed).isEqualTo(5);
    }

    @Test
    void backsOffWithGrowingDelaysInsteadOfLockingOut() {
        // given the allowance used up
        for (int i = 0; i < 5; i++) {
            throttle.attempt("bob", "10.0.0.1");
        }

        // when / then: each further attempt is refused, then allowed after a delay that doubles
        for (long seconds : new long[] { 1, 2, 4, 8 }) {
            ApiException refused = catchThrowableOfType(ApiException.class, () -> throttle.attempt("bob", "10.0.0.1"));
            assertThat(refused.code()).isEqualTo(ErrorCode.RATE_LIMITED);
            assertThat(refused.retryAfter()).isBetween(Duration.ofSeconds(seconds), Duration.ofSeconds(seconds + 1));
            clock.now = clock.now.plusSeconds(seconds);
            assertThatCode(() -> throttle.attempt("bob", "10.0.0.1")).doesNotThrowAnyException();
        }
    }

    @Test
    void refusesTheFiftyFirstGuessForOneUsernameWhenFiftyAreAllowed() {
        // given fifty guesses for one username, each from another address (no pair reaches its five)
        for (int i = 0; i < 50; i++) {
            String address = "10.1.0." + i;
            assertThatCode(() -> throttle.attempt("gus", address)).doesNotThrowAnyException();
        }

        // then the fifty-first is refused, from yet another address too
        assertRefused(() -> throttle.attempt("gus", "10.2.0.1"));
    }

    @Test
    void refusesTheHundredAndFirstAttemptFromOneAddressWhenAHundredAreAllowed() {
        // given a hundred attempts from one address, each for another username
        for (int i = 0; i < 100; i++) {
            String username = "someone" + i;
            assertThatCode(() -> throttle.attempt(username, "10.0.0.9")).doesNotThrowAnyException();
        }

        // then the hundred-and-first is refused
        assertRefused(() -> throttle.attempt("another", "10.0.0.9"));
    }

    @Test
    void refusesTheHundredAndFirstAttemptFromOneAddressWhenAHundredAreAllowedEvenSentAtOnce() {
        // when: a hundred and fifty attempts from one address at the same moment, each for another username
        int allowed = allowedAtOnce(150, i -> throttle.attempt("many" + i, "10.0.0.8"));

        // then: the allowance, no more
        assertThat(allowed).isEqualTo(100);
    }

    @Test
    void aSuccessLeavesASharedAddressItsWholeAllowanceForFailures() {
        // given ninety-nine failures from one address, then a user of that address logging in (the hundredth attempt)
        for (int i = 0; i < 99; i++) {
            throttle.attempt("neighbour" + i, "10.0.0.6");
        }
        throttle.attempt("hal", "10.0.0.6");
        throttle.succeeded("hal", "10.0.0.6");

        // then the address still has its hundredth failure, and only the hundred-and-first is refused
        assertThatCode(() -> throttle.attempt("neighbour", "10.0.0.6")).doesNotThrowAnyException();
        assertRefused(() -> throttle.attempt("neighbour", "10.0.0.6"));
    }

    @Test
    void refusesTheEleventhClientAuthenticationWhenTenFailuresAreAllowed() {
        for (int i = 0; i < 10; i++) {
            assertThatCode(() -> throttle.clientAttempt("guessed")).doesNotThrowAnyException();
        }

        assertRefused(() -> throttle.clientAttempt("guessed"));
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
        for (int i = 0; i < 100; i++) {
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
        for (int i = 0; i < 10; i++) {
            throttle.clientAttempt("service");
        }

        assertThatThrownBy(() -> throttle.clientAttempt("service")).isInstanceOf(ApiException.class)
                .extracting(ex -> ((ApiException) ex).code()).isEqualTo(ErrorCode.RATE_LIMITED);
        assertThatCode(() -> throttle.clientAttempt("other")).doesNotThrowAnyException();
    }

    /** Sends the attempts at the same moment; answers how many were allowed (the others must be refused as rate limited). */
    static int allowedAtOnce(int count, IntConsumer attempt) {
        AtomicInteger allowed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                int n = i;
                threads.submit(() -> {
                    try {
                        attempt.accept(n);
                        allowed.incrementAndGet();
                    }
                    catch (ApiException ex) {
                        if (ex.code() == ErrorCode.RATE_LIMITED) {
                            refused.incrementAndGet();
                        }
                    }
                });
            }
        }
        assertThat(allowed.get() + refused.get()).as("allowed or refused as rate limited").isEqualTo(count);
        return allowed.get();
    }

    static void assertRefused(ThrowingCallable attempt) {
        assertThatThrownBy(attempt).isInstanceOf(ApiException.class)
                .extracting(ex -> ((ApiException) ex).code()).isEqualTo(ErrorCode.RATE_LIMITED);
    }
}
