package org.roost.platform.web;

import org.springframework.core.Ordered;

/**
 * The order of Roost's servlet filters, outermost first: one table instead of numbers chosen in each package (two of
 * which tied at {@code HIGHEST_PRECEDENCE}). The framework's own filters sit between them at their documented orders:
 * Spring Session's repository filter at {@code MIN_VALUE + 50}, the request context filter at -105, Spring Security's
 * filter chains at -100 (each chain's filters are ordered inside it, by Spring Security).
 */
public final class FilterOrder {

    /** First: every answer, even a later filter's refusal, carries the request id, and the log has it in its MDC. */
    public static final int REQUEST_ID = Ordered.HIGHEST_PRECEDENCE;

    /** While draining for shutdown, every answer says {@code Connection: close}. */
    public static final int SHUTDOWN_DRAIN = REQUEST_ID + 1;

    /** The access log sees every answer below it, refusals included. */
    public static final int ACCESS_LOG = REQUEST_ID + 2;

    /** A path percent-encoding an unreserved character ({@code /%61pi}) is refused before any decision by path. */
    public static final int PATH_SPELLING = REQUEST_ID + 3;

    /** A body over the limit is refused before anything reads it. */
    public static final int BODY_SIZE_LIMIT = REQUEST_ID + 4;

    /** A {@code Host} this service is not reached by is refused before any handler or security chain. */
    public static final int ALLOWED_HOSTS = REQUEST_ID + 5;

    /** A media range as {@code Content-Type} is refused before functional routing reads it. */
    public static final int MEDIA_RANGE_CONTENT_TYPE = REQUEST_ID + 6;

    /** Every request but the probes counts for the liveness watchdog (RequestWatchdog), refusals included. */
    public static final int REQUEST_WATCHDOG = REQUEST_ID + 7;

    /** The sign-in flow's own redirects are sent relative (only with a configured issuer). */
    public static final int ISSUER_REDIRECTS = REQUEST_ID + 10;

    /** Client-secret guesses at the token endpoints are throttled before the authorization server checks them. */
    public static final int CLIENT_SECRET_THROTTLE = REQUEST_ID + 20;

    /** Just outside Spring Session's repository filter ({@code MIN_VALUE + 50}), whose Redis reads can fail. */
    public static final int DEPENDENCY_FAILURES = Integer.MIN_VALUE + 49;

    /**
     * A DPoP proof's jti spent across instances (Redis): just inside Spring Session's repository filter, so inside the
     * dependency-failure filter too (a failing Redis is a 503), and before every security chain that reads a proof.
     */
    public static final int SPENT_PROOFS = Integer.MIN_VALUE + 51;

    /** Inside Spring Security (-100): an {@code Idempotency-Key} is the caller's own. */
    public static final int IDEMPOTENCY = -50;

    /** ETags of GET answers, then their {@code Cache-Control}. */
    public static final int ETAG = 0;
    public static final int CACHE_CONTROL = 1;

    private FilterOrder() {
    }
}
