package org.roost.identity.user;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Runs the expensive hash on a small pool of platform threads with a bounded queue. Hashing on the
 * request's virtual thread would pin the few carrier threads every other request needs; here a
 * flood fills the queue and the rest are told at once to come back ({@code 503} with
 * {@code Retry-After}), while memory stays at {@code threads × memoryKib}.
 */
final class BoundedPasswordEncoder implements PasswordEncoder, DisposableBean {

    private final PasswordEncoder delegate;
    private final ThreadPoolExecutor pool;
    private final Duration maxWait;

    BoundedPasswordEncoder(PasswordEncoder delegate, int threads, int queueCapacity, Duration maxWait) {
        this.delegate = delegate;
        this.maxWait = maxWait;
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(Math.max(1, queueCapacity)),
                Thread.ofPlatform().name("password-hash-", 0).daemon(true).factory(),
                new ThreadPoolExecutor.AbortPolicy());
    }

    @Override
    public String encode(CharSequence rawPassword) {
        if (!wellFormed(rawPassword)) {
            throw ApiException.invalid("password", "must be text without unpaired surrogates (\\ud800-\\udfff)");
        }
        return bounded(() -> delegate.encode(rawPassword));
    }

    /** A password no sign-up could have set (see {@link #encode}) matches nothing. */
    @Override
    public boolean matches(CharSequence rawPassword, String encodedPassword) {
        return wellFormed(rawPassword) && bounded(() -> delegate.matches(rawPassword, encodedPassword));
    }

    /**
     * JSON can carry an unpaired surrogate ({@code "\\udc72"}), which has no UTF-8 form: the hash's encoding of
     * the password then threw, a 500 (found by the endpoint fuzz test).
     */
    private static boolean wellFormed(CharSequence text) {
        return StandardCharsets.UTF_8.newEncoder().canEncode(text);
    }

    @Override
    public boolean upgradeEncoding(String encodedPassword) {
        return delegate.upgradeEncoding(encodedPassword);
    }

    private <T> T bounded(Callable<T> work) {
        Future<T> result;
        try {
            result = pool.submit(work);
        }
        catch (RejectedExecutionException full) {
            throw busy();
        }
        try {
            return result.get(maxWait.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (TimeoutException slow) {
            result.cancel(true);
            throw busy();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            result.cancel(true);
            throw busy();
        }
        catch (ExecutionException ex) {
            if (ex.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(ex.getCause());
        }
    }

    /** Whether every hashing thread is at work: what a flood looks like from here (tests wait for it). */
    boolean saturated() {
        return pool.getActiveCount() >= pool.getMaximumPoolSize();
    }

    /** How many hashes wait for a thread. */
    int waiting() {
        return pool.getQueue().size();
    }

    private static ApiException busy() {
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "Too many sign-ins at once; try again shortly.",
                List.of(), Duration.ofSeconds(1));
    }

    @Override
    public void destroy() {
        pool.shutdownNow();
    }
}
