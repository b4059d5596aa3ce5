package org.roost.social.follow;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** Who follows whom. Only the follower may start or stop following. */
@Service
// Reads run without a transaction of their own (autocommit): one round trip per statement instead of
// BEGIN ... COMMIT around it. A read of several statements therefore sees each at its own moment, which
// no answer here depends on (docs/performance.md); writes declare their transactions.
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
public class FollowService {

    private static final Logger log = LoggerFactory.getLogger(FollowService.class);

    public record Edge(long userId, long followerId) {
    }

    private final FollowRepository follows;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    FollowService(FollowRepository follows, UserService users, ApplicationEventPublisher events, Clock clock) {
        this.follows = follows;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    @Transactional
    public void follow(long userId, long followerId, Caller caller) {
        caller.requireOwner(followerId, Scopes.FOLLOWERS_WRITE);
        users.requireExists(userId);
        if (userId == followerId) {
            throw ApiException.invalid("follower_id", "a user cannot follow themself");
        }
        if (follows.insert(userId, followerId, clock.instant())) {
            events.publishEvent(new FollowEvents.FollowerAdded(userId, followerId));
            // Last: the counter's row lock (every follow of a big account takes it) is held only until the commit.
            follows.count(userId, followerId, 1);
        }
    }

    @Transactional
    public void unfollow(long userId, long followerId, Caller caller) {
        caller.requireOwner(followerId, Scopes.FOLLOWERS_WRITE);
        users.requireExists(userId);
        if (follows.delete(userId, followerId)) {
            events.publishEvent(new FollowEvents.FollowerRemoved(userId, followerId));
            follows.count(userId, followerId, -1);
        }
    }

    public Page<UserSummary> followers(long userId, PageRequest page) {
        users.requireExists(userId);
        return usersPage(follows.followers(userId, page.afterId(), page.limit() + 1), page.limit());
    }

    public Page<UserSummary> following(long userId, PageRequest page) {
        users.requireExists(userId);
        return usersPage(follows.following(userId, page.afterId(), page.limit() + 1), page.limit());
    }

    public List<Edge> followersOf(Collection<Long> userIds, int perUser) {
        return follows.followersOf(userIds, perUser).stream().map(e -> new Edge(e.userId(), e.followerId())).toList();
    }

    public List<Edge> followingOf(Collection<Long> followerIds, int perUser) {
        return follows.followingOf(followerIds, perUser).stream().map(e -> new Edge(e.userId(), e.followerId())).toList();
    }

    public Map<Long, Long> followerCounts(Collection<Long> userIds) {
        return follows.followerCounts(userIds);
    }

    public Map<Long, Long> followingCounts(Collection<Long> followerIds) {
        return follows.followingCounts(followerIds);
    }

    public java.util.Set<Long> followedAmong(long followerId, Collection<Long> userIds) {
        return java.util.Set.copyOf(follows.followedAmong(followerId, userIds));
    }

    /**
     * Recounts every user's counters from the follows, a range of {@code batch} user ids per statement, each its own
     * transaction (for rows written outside the API: docs/operations.md, "Imported data"). A range whose statement
     * hits the statement timeout is split in halves and tried again, so each statement fits it however the follows
     * are spread; progress goes to the log every ten statements.
     *
     * @return the users whose counters were wrong
     */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public long recountAll(int batch) {
        long fixed = 0;
        long last = follows.maxUserId();
        int statements = 0;
        for (long from = 0; from <= last; from += batch) {
            fixed += recount(from, Math.min(from + batch, last + 1));
            if (++statements % 10 == 0) {
                log.info("Recounting followers: users up to id {} of {} done, {} fixed", from + batch - 1, last, fixed);
            }
        }
        return fixed;
    }

    private long recount(long from, long to) {
        try {
            return follows.recount(from, to);
        }
        catch (DataAccessException failed) {
            if (to - from <= 1 || !statementTimeout(failed)) {
                throw failed;
            }
            long middle = from + (to - from) / 2;
            return recount(from, middle) + recount(middle, to);
        }
    }

    /** PostgreSQL's statement_timeout (SQLSTATE 57014), or a JDBC query timeout. */
    private static boolean statementTimeout(DataAccessException failed) {
        if (failed instanceof QueryTimeoutException) {
            return true;
        }
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLException sql && "57014".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    private Page<UserSummary> usersPage(List<Long> ids, int limit) {
        Page<Long> idPage = Page.fromOverfetch(ids, limit, Long::longValue);
        return new Page<>(users.findAll(idPage.items()), idPage.nextCursor());
    }
}
