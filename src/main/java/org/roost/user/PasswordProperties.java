package org.roost.user;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Argon2id cost (OWASP: 19 MiB, 2 passes, 1 lane at least) and how many hashes may run at once:
 * each takes {@code memoryKib} of memory, so a login flood waits in line instead of exhausting it.
 */
@ConfigurationProperties("roost.passwords")
record PasswordProperties(int memoryKib, int iterations, int parallelism, int maxConcurrent, Duration maxWait) {
}
