package org.roost.social.post;

import org.roost.platform.live.LiveEvents;
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

    // Without a transaction (a post is one autocommitted statement on PostgreSQL) the post has committed already.
    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT, fallbackExecution = true)
    void on(PostEvents.PostCreated created) {
        events.publish(created);
    }
}
