package org.roost.platform.live;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the live module promises a single instance (no Redis): a subscriber sees the events of its type published
 * after it subscribed, in order, and nothing else; {@link LiveEvents#subscribers()} shows a stream open and released.
 * The cross-instance half is LiveEventsAcrossInstancesTest; a slow subscriber's end is LiveFanOutTest.
 */
class InProcessLiveEventsTest {

    record Posted(int n) {
    }

    record Liked(int n) {
    }

    private final InProcessLiveEvents events = new InProcessLiveEvents(new LiveSettings(64, Duration.ofSeconds(1), "live"));

    @AfterEach
    void close() {
        events.close();
    }

    @Test
    void aSubscriberSeesItsTypeOfEventsPublishedAfterItSubscribedInOrder() {
        // given an event published before this subscriber listens (dispatching is asynchronous: another
        // subscriber's receipt of it is the signal that it has gone by)
        List<Posted> earlier = new CopyOnWriteArrayList<>();
        Disposable probe = events.stream(Posted.class).subscribe(earlier::add);
        events.publish(new Posted(0));
        await("the earlier event dispatched").atMost(Duration.ofSeconds(10)).until(() -> earlier.size() == 1);
        probe.dispose();
        List<Posted> received = new CopyOnWriteArrayList<>();
        Disposable subscription = events.stream(Posted.class).subscribe(received::add);

        // when events of two types follow
        for (int n = 1; n <= 5; n++) {
            events.publish(new Liked(n));
            events.publish(new Posted(n));
        }

        // then it sees its own type's five, in order: the last one's arrival is the signal that nothing else came
        await("five Posted events").atMost(Duration.ofSeconds(10)).until(() -> received.size() >= 5);
        assertThat(received).containsExactly(new Posted(1), new Posted(2), new Posted(3), new Posted(4), new Posted(5));
        subscription.dispose();
    }

    @Test
    void countsAnOpenStreamAndReleasesItWhenTheSubscriberLeaves() {
        // given
        assertThat(events.subscribers()).isZero();

        // when two subscribe and one leaves
        Disposable first = events.stream(Posted.class).subscribe();
        Disposable second = events.stream(Liked.class).subscribe();
        await("two streams counted").atMost(Duration.ofSeconds(10)).until(() -> events.subscribers() == 2);
        first.dispose();

        // then
        await("the first stream released").atMost(Duration.ofSeconds(10)).until(() -> events.subscribers() == 1);
        second.dispose();
        await("both released").atMost(Duration.ofSeconds(10)).until(() -> events.subscribers() == 0);
    }

    @Test
    void everySubscriberOfATypeGetsEveryEvent() {
        // given two subscribers of one type
        List<Posted> a = new CopyOnWriteArrayList<>();
        List<Posted> b = new CopyOnWriteArrayList<>();
        Disposable one = events.stream(Posted.class).subscribe(a::add);
        Disposable two = events.stream(Posted.class).subscribe(b::add);

        // when
        events.publish(new Posted(1));
        events.publish(new Posted(2));

        // then
        await("both got both").atMost(Duration.ofSeconds(10)).until(() -> a.size() == 2 && b.size() == 2);
        assertThat(a).isEqualTo(b).containsExactly(new Posted(1), new Posted(2));
        one.dispose();
        two.dispose();
    }
}
