package org.roost.user;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.roost.shared.ApiException;
import org.roost.shared.ErrorCode;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Runs the expensive hash with bounded concurrency. Callers past the bound wait a short while and
 * are then told to come back later, which keeps memory flat and leaves threads for other requests.
 */
final class BoundedPasswordEncoder implements PasswordEncoder {

    private final PasswordEncoder delegate;
    private final Semaphore permits;
    private final Duration maxWait;

    BoundedPasswordEncoder(PasswordEncoder delegate, int maxConcurrent, Duration maxWait) {
        this.delegate = delegate;
        this.permits = new Semaphore(maxConcurrent, true);
        this.maxWait = maxWait;
    }

    @Override
    public String encode(CharSequence rawPassword) {
        return bounded(() -> delegate.encode(rawPassword));
    }

    @Override
    public boolean matches(CharSequence rawPassword, String encodedPassword) {
        return bounded(() -> delegate.matches(rawPassword, encodedPassword));
    }

    private <T> T bounded(Supplier<T> work) {
        boolean acquired;
        try {
            acquired = permits.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "Too many sign-ins at once; try again shortly.",
                    java.util.List.of(), Duration.ofSeconds(1));
        }
        try {
            return work.get();
        }
        finally {
            permits.release();
        }
    }
}
