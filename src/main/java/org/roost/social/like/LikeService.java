package org.roost.social.like;

import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** Who likes which post. Only the liker may like or take a like back, the same through REST and GraphQL. */
@Service
// Reads without a transaction of their own, as the other features' (docs/performance.md); writes declare theirs.
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
class LikeService {

    record Like(long postId, long userId) {
    }

    private final LikeRepository likes;
    private final PostService posts;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    LikeService(LikeRepository likes, PostService posts, UserService users, ApplicationEventPublisher events, Clock clock) {
        this.likes = likes;
        this.posts = posts;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    /** The liker likes the post of {@code authorId} (idempotent); 404 when that author has no such post. */
    @Transactional
    public void like(long authorId, long postId, long likerId, Caller caller) {
        caller.requireOwner(likerId, Scopes.POSTS_WRITE);
        posts.get(authorId, postId);
        boolean added;
        try {
            added = likes.insert(postId, likerId, clock.instant());
        }
        catch (DataIntegrityViolationException violation) {
            // The post was deleted between the read above and this insert.
            if (parentMissing(violation)) {
                throw ApiException.notFound("The post");
            }
            throw violation;
        }
        if (added) {
            events.publishEvent(new LikeEvents.PostLiked(postId, authorId, likerId));
            // Last: the post's row lock (every like of a popular post takes it) is held only until the commit.
            likes.count(postId, 1);
        }
    }

    @Transactional
    public void unlike(long authorId, long postId, long likerId, Caller caller) {
        caller.requireOwner(likerId, Scopes.POSTS_WRITE);
        posts.get(authorId, postId);
        if (likes.delete(postId, likerId)) {
            events.publishEvent(new LikeEvents.PostUnliked(postId, authorId, likerId));
            likes.count(postId, -1);
        }
    }

    /** Who liked the post, in user id order. */
    public Page<UserSummary> likers(long authorId, long postId, PageRequest page) {
        posts.get(authorId, postId);
        return likersPage(likes.likers(postId, page.afterId(), page.limit() + 1), page.limit());
    }

    /** The same for a post known to exist (GraphQL's {@code Post.likes} after the first page). */
    public Page<UserSummary> likers(long postId, PageRequest page) {
        return likersPage(likes.likers(postId, page.afterId(), page.limit() + 1), page.limit());
    }

    public List<Like> likersOf(Collection<Long> postIds, int perPost) {
        return likes.likersOf(postIds, perPost).stream().map(l -> new Like(l.postId(), l.userId())).toList();
    }

    public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
        return Set.copyOf(likes.likedAmong(userId, postIds));
    }

    public PostSummary post(long postId) {
        return posts.get(postId);
    }

    /** A foreign-key violation: 23503 (SQL standard, PostgreSQL), 23506 (H2's "parent missing"). */
    private static boolean parentMissing(DataIntegrityViolationException violation) {
        return NestedExceptionUtils.getMostSpecificCause(violation) instanceof SQLException sql
                && ("23503".equals(sql.getSQLState()) || "23506".equals(sql.getSQLState()));
    }

    private Page<UserSummary> likersPage(List<Long> ids, int limit) {
        Page<Long> idPage = Page.fromOverfetch(ids, limit, Long::longValue);
        return new Page<>(users.findAll(idPage.items()), idPage.nextCursor());
    }
}
