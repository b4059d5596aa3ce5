package org.roost.identity.user;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Argon2id cost (OWASP: 19 MiB, 2 passes, 1 lane at least) and the pool that computes it.
 *
 * @param threads       platform threads hashing at once (0: half the cores); each takes {@code memoryKib} and a core
 * @param queueCapacity hashes that may wait for a thread; past that a request is refused with 503 at once
 * @param maxWait       the longest a request waits for its hash before it is refused with 503
 */
@ConfigurationProperties("roost.passwords")
record PasswordProperties(int memoryKib, int iterations, int parallelism, int threads, int queueCapacity, Duration maxWait) {
}
