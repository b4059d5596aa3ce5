package org.roost.platform.live;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

/** One instance's events, for a deployment without Redis: a single instance sees all its writes. */
@Component
@ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
class InProcessLiveEvents implements LiveEvents, AutoCloseable {

    private final LiveFanOut fanOut;

    InProcessLiveEvents(LiveSettings settings) {
        this.fanOut = new LiveFanOut(settings.subscriberBuffer());
    }

    @Override
    public void publish(Object event) {
        fanOut.dispatch(event);
    }

    @Override
    public <T> Flux<T> stream(Class<T> type) {
        return fanOut.stream(type);
    }

    @Override
    public int subscribers() {
        return fanOut.subscriberCount();
    }

    @Override
    public void close() {
        fanOut.close();
    }
}
