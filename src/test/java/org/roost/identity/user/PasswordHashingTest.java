package org.roost.identity.user;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class PasswordHashingTest {

    static final PasswordProperties PRODUCTION = new PasswordProperties(19456, 2, 1, 2, 16, Duration.ofSeconds(5));

    @Test
    void hashesWithArgon2idAtOwaspParameters() {
        PasswordEncoder encoder = new PasswordConfig().passwordEncoder(PRODUCTION);

        String hash = encoder.encode("a long enough password");

        assertThat(hash).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        assertThat(encoder.matches("a long enough password", hash)).isTrue();
    }

    @Test
    void neverTruncatesLongPasswords() {
        PasswordEncoder encoder = new PasswordConfig().passwordEncoder(PRODUCTION);
        String prefix = "x".repeat(100);

        String hash = encoder.encode(prefix + "A");

        assertThat(encoder.matches(prefix + "B", hash)).isFalse();
    }

    @Test
    void refusesToQueueHashesBeyondTheBoundInsteadOfExhaustingMemory() throws Exception {
        // given one permit, held by a slow hash
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PasswordEncoder slow = new PasswordEncoder() {
            @Override
            public String encode(CharSequence raw) {
                holding.countDown();
                try {
                    release.await();
                }
                catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
                return "hash";
            }

            @Override
            public boolean matches(CharSequence raw, String encoded) {
                return false;
            }
        };
        var bounded = new BoundedPasswordEncoder(slow, 1, 1, Duration.ofSeconds(30));
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            executor.submit(() -> bounded.encode("first"));
            holding.await();
            executor.submit(() -> bounded.encode("queued"));
            await().atMost(Duration.ofSeconds(5)).until(() -> bounded.waiting() == 1);

            // when: the thread is busy and the queue full
            long start = System.nanoTime();
            assertThatThrownBy(() -> bounded.encode("third")).isInstanceOf(ApiException.class)
                    .satisfies(ex -> {
                        assertThat(((ApiException) ex).code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
                        assertThat(((ApiException) ex).retryAfter()).isNotNull();
                    });

            // then: refused at once, not after the 30 s wait (a third of it: generous for a loaded machine, and still
            // fails if the caller waited)
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            release.countDown();
        }
        bounded.destroy();
    }

    @Test
    void hashesOnPlatformThreadsNotOnTheCallersVirtualThread() throws Exception {
        // given
        PasswordEncoder recording = new PasswordEncoder() {
            @Override
            public String encode(CharSequence raw) {
                return Thread.currentThread().isVirtual() ? "virtual" : "platform";
            }

            @Override
            public boolean matches(CharSequence raw, String encoded) {
                return false;
            }
        };
        var bounded = new BoundedPasswordEncoder(recording, 1, 1, Duration.ofSeconds(5));

        // when
        String where;
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            where = executor.submit(() -> bounded.encode("x")).get();
        }

        // then
        assertThat(where).isEqualTo("platform");
        bounded.destroy();
    }
}
