package org.roost.social.notification;

import org.roost.platform.live.LiveEvents;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/** Hands a new or grown notification to subscribers on every instance once it has committed. */
@Component
class NotificationEventRelay {

    private final LiveEvents events;

    NotificationEventRelay(LiveEvents events) {
        this.events = events;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT, fallbackExecution = true)
    void on(NotificationEvents.NotificationAdded added) {
        events.publish(added);
    }
}
