package org.roost.social.follow;

import org.roost.platform.live.LiveEvents;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/** Hands a new follow to subscribers once it has committed, whichever API made it. */
@Component
class FollowEventRelay {

    private final LiveEvents events;

    FollowEventRelay(LiveEvents events) {
        this.events = events;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    void on(FollowEvents.FollowerAdded added) {
        events.publish(added);
    }
}
