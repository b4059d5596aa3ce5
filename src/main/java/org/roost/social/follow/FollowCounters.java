package org.roost.social.follow;

import org.roost.identity.user.UserEvents;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The follower and following counters on {@code users}, which this feature owns: raised and lowered with each
 * follow (FollowRepository), and here for the follows that a deleted user's cascade removes without the API.
 */
@Component
class FollowCounters {

    private final FollowRepository follows;

    FollowCounters(FollowRepository follows) {
        this.follows = follows;
    }

    /** In the deleting transaction, before the cascade. */
    @EventListener
    void on(UserEvents.UserDeleting deleting) {
        follows.forget(deleting.userId());
    }
}
