package org.roost.post;

import org.roost.live.LiveEvents;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/** Hands a created post to subscribers once it has committed, whichever API created it. */
@Component
class PostEventRelay {

    private final LiveEvents events;

    PostEventRelay(LiveEvents events) {
        this.events = events;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    void on(PostEvents.PostCreated created) {
        events.publish(created);
    }
}
