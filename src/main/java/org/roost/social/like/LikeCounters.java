package org.roost.social.like;

import org.roost.identity.user.UserEvents;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The like counter on {@code posts}, which this feature owns: raised and lowered with each like (LikeService),
 * and here for the likes that a deleted user's cascade removes without the API. A deleted post takes its likes
 * and its counter with it, so there is nothing to do for that.
 */
@Component
class LikeCounters {

    private final LikeRepository likes;

    LikeCounters(LikeRepository likes) {
        this.likes = likes;
    }

    /** In the deleting transaction, before the cascade. */
    @EventListener
    void on(UserEvents.UserDeleting deleting) {
        likes.forget(deleting.userId());
    }
}
