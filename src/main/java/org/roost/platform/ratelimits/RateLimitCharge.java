package org.roost.platform.ratelimits;

import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;

/**
 * One request's charges to its caller's budget, each reflected in the {@code RateLimit} header: the
 * {@link RateLimitFilter} charges what it knows before the request runs; a GraphQL operation is charged
 * the rest once its document is parsed and its cost computed ({@link #graphQlOperation}), which is still
 * before anything executes. That charge may run on another thread, while a stream's response is already
 * being written, so it only remembers the new header; the endpoint {@link #publish}es it on the request's
 * thread before it writes the response (a server response's headers are not safe to change from two threads).
 */
public final class RateLimitCharge {

    private static final String ATTRIBUTE = RateLimitCharge.class.getName();

    private final RateLimitProperties properties;
    private final RateLimitBuckets buckets;
    private final String callerKey;
    private final @Nullable HttpServletResponse response;
    private volatile @Nullable Duration refusal;
    private volatile @Nullable String remaining;

    /** {@code response} is null for an operation on a WebSocket, which has no headers to tell the budget in. */
    RateLimitCharge(RateLimitProperties properties, RateLimitBuckets buckets, String callerKey,
            @Nullable HttpServletResponse response) {
        this.properties = properties;
        this.buckets = buckets;
        this.callerKey = callerKey;
        this.response = response;
    }

    /** The charge the rate limit filter left on a {@code /graphql} request; none when limits are off. */
    public static Optional<RateLimitCharge> of(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof RateLimitCharge charge ? Optional.of(charge) : Optional.empty();
    }

    void attachTo(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    /**
     * Charges a GraphQL operation beyond the base the filter took: one token per
     * {@code graph-ql-points-per-token} points of its computed cost (rounded up), and {@code write-cost} per
     * mutation field.
     *
     * @throws ApiException {@code RATE_LIMITED} with {@code Retry-After} when the budget cannot pay (see {@link #refusal})
     */
    public void graphQlOperation(long points, int writes) {
        long perToken = Math.max(1, properties.graphQlPointsPerToken());
        take(Math.addExact((Math.max(0, points) + perToken - 1) / perToken, Math.multiplyExact(writes, properties.writeCost())));
    }

    /** Writes the {@code RateLimit} header of the latest charge; call it on the request's thread, before the response is written. */
    public void publish() {
        String value = remaining;
        HttpServletResponse response = this.response;
        if (value != null && response != null && !response.isCommitted()) {
            response.setHeader("RateLimit-Policy", "\"default\";q=" + properties.capacity() + ";w=" + properties.window().toSeconds());
            response.setHeader("RateLimit", value);
        }
    }

    /** How long the caller should wait, when a charge of this request was refused. */
    public Optional<Duration> refusal() {
        return Optional.ofNullable(refusal);
    }

    /**
     * Takes the tokens and remembers what is left for the IETF draft's headers. Fails open: with the
     * store down nothing is counted and no header is written (docs/operations.md).
     */
    void take(long tokens) {
        if (tokens <= 0) {
            return;
        }
        switch (buckets.take(callerKey, tokens)) {
            case Take.Granted granted -> remaining = header(granted.remaining(), Duration.ZERO);
            case Take.Refused refused -> {
                remaining = header(refused.remaining(), refused.untilRefill());
                Duration retryAfter = Duration.ofSeconds(seconds(refused.untilRefill()));
                refusal = retryAfter;
                throw ApiException.rateLimited(retryAfter);
            }
            case Take.Uncounted uncounted -> {
                // the store is down: nothing was counted, so there is nothing to tell (Quotas logs it)
            }
        }
    }

    private static String header(long left, Duration reset) {
        return "\"default\";r=" + left + ";t=" + seconds(reset);
    }

    /** The bucket of a caller: the user, the OAuth client, or the address when anonymous. */
    static String callerKey(java.util.Optional<org.roost.platform.shared.Caller> caller, String address) {
        return caller.map(org.roost.platform.shared.Caller::key).orElseGet(() -> "address:" + address);
    }

    private static long seconds(Duration duration) {
        return duration.isZero() ? 0 : Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
