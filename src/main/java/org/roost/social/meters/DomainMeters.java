package org.roost.social.meters;

import io.micrometer.core.instrument.MeterRegistry;
import org.roost.social.follow.FollowEvents;
import org.roost.social.post.PostEvents;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Counts the domain events that subscriptions are fed from, as {@code roost.events.published{type}}. */
@Component
class DomainMeters {

    private final MeterRegistry meters;

    DomainMeters(MeterRegistry meters) {
        this.meters = meters;
        // Both series exist from the start, at 0 (as the audit counters do).
        meters.counter("roost.events.published", "type", "post_created");
        meters.counter("roost.events.published", "type", "follower_added");
    }

    @EventListener
    void on(PostEvents.PostCreated event) {
        meters.counter("roost.events.published", "type", "post_created").increment();
    }

    @EventListener
    void on(FollowEvents.FollowerAdded event) {
        meters.counter("roost.events.published", "type", "follower_added").increment();
    }
}
