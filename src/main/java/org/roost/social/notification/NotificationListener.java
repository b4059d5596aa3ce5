package org.roost.social.notification;

import java.util.HashSet;
import java.util.Set;

import org.roost.social.follow.FollowEvents;
import org.roost.social.like.LikeEvents;
import org.roost.social.post.PostEvents;
import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.roost.identity.user.UserEvents;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Turns the other features' events into notifications. Before the cause commits, in its transaction: a like and its
 * notification commit together, and an unlike that follows finds the notification to take back (after the commit,
 * or asynchronously, an unlike could overtake its like's notification and leave it behind). A post made without a
 * transaction (one autocommitted statement, PostInserts) has committed already when its event arrives.
 */
@Component
class NotificationListener {

    private final NotificationService notifications;
    private final PostService posts;

    NotificationListener(NotificationService notifications, PostService posts) {
        this.notifications = notifications;
        this.posts = posts;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(FollowEvents.FollowerAdded added) {
        notifications.add(added.userId(), NotificationKind.FOLLOW, null, added.followerId());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(FollowEvents.FollowerRemoved removed) {
        notifications.remove(removed.userId(), NotificationKind.FOLLOW, null, removed.followerId());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(LikeEvents.PostLiked liked) {
        notifications.add(liked.authorId(), NotificationKind.LIKE, liked.postId(), liked.likerId());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(LikeEvents.PostUnliked unliked) {
        notifications.remove(unliked.authorId(), NotificationKind.LIKE, unliked.postId(), unliked.likerId());
    }

    /**
     * A reply tells the parent's author; mentions tell each person named, except one the reply already tells. A
     * deleted reply or mentioning post takes its notifications with it (a foreign key), so there is no undo here.
     */
    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(PostEvents.PostCreated created) {
        PostSummary post = created.post();
        Set<Long> told = new HashSet<>();
        if (post.inReplyTo() != null) {
            posts.find(post.inReplyTo()).ifPresent(parent -> {
                notifications.add(parent.authorId(), NotificationKind.REPLY, post.id(), post.authorId());
                told.add(parent.authorId());
            });
        }
        post.mentions().stream().filter(m -> told.add(m.id()))
                .forEach(m -> notifications.add(m.id(), NotificationKind.MENTION, post.id(), post.authorId()));
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void on(PostEvents.MentionsChanged changed) {
        changed.removed().forEach(user -> notifications.removeMention(user, changed.postId()));
        changed.added().forEach(user -> notifications.add(user, NotificationKind.MENTION, changed.postId(), changed.authorId()));
    }

    /** In the deleting transaction, before the cascade takes the user's actor rows. */
    @EventListener
    void on(UserEvents.UserDeleting deleting) {
        notifications.forgetActor(deleting.userId());
    }
}
