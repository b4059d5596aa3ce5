package org.roost.platform.live;

import reactor.core.publisher.Flux;

/**
 * Where subscriptions find the events that committed changes publish. The in-process
 * implementation serves one instance; a cross-instance one (Redis pub/sub, say) replaces the bean
 * without touching publishers or subscribers. Events must therefore be plain, serialisable records.
 */
public interface LiveEvents {

    /** Called after the change that caused the event has committed. */
    void publish(Object event);

    /** Events of this type published from now on. */
    <T> Flux<T> stream(Class<T> type);

    /** The event streams open on this instance: a gauge for operators, and how tests see a stream released. */
    int subscribers();
}
