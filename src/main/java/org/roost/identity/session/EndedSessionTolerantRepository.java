package org.roost.identity.session;

import org.jspecify.annotations.Nullable;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;

/**
 * A session repository (Spring Session's Redis one) for which saving a session another request has just ended (a
 * sign-out, or a revoked credential seen by a parallel request of the same browser) is not a failure: there is nothing
 * left to keep, and the request that used it has its answer. Spring's Redis repository throws
 * {@code IllegalStateException("Session was invalidated")} there, which would turn that request into a 500. A wrapper,
 * not a subclass, because the Redis repository's session type is not public.
 */
final class EndedSessionTolerantRepository<S extends Session> implements SessionRepository<S> {

    private static final String ENDED = "Session was invalidated";
    /** Spring Session's RedisSessionMapper, for a stored session without one of its own keys. */
    private static final String REMNANT = "key must not be null";

    private final SessionRepository<S> delegate;

    EndedSessionTolerantRepository(SessionRepository<S> delegate) {
        this.delegate = delegate;
    }

    @Override
    public S createSession() {
        return delegate.createSession();
    }

    @Override
    public void save(S session) {
        try {
            delegate.save(session);
        }
        catch (IllegalStateException ended) {
            if (!ENDED.equals(ended.getMessage())) {
                throw ended;
            }
        }
    }

    /**
     * A save that raced the session's end (a parallel request of the same browser, still answering when another ended
     * it) can leave in Redis a hash of only the attributes it changed, which Spring's mapper refuses to read
     * ({@code "creationTime key must not be null"}): every later request of that browser was a 500. Such a remnant is
     * no session: it is removed and the request goes on without one, as after any ended session.
     */
    @Override
    public @Nullable S findById(String id) {
        try {
            return delegate.findById(id);
        }
        catch (IllegalStateException remnant) {
            if (remnant.getMessage() == null || !remnant.getMessage().endsWith(REMNANT)) {
                throw remnant;
            }
            delegate.deleteById(id);
            return null;
        }
    }

    @Override
    public void deleteById(String id) {
        delegate.deleteById(id);
    }
}
