package org.roost.platform.live;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

class LiveFanOutTest {

    @Test
    void endsAStalledSubscriberWithAnErrorWhileOthersReceiveEverythingAndPublishingNeverWaits() throws Exception {
        // given a subscriber that blocks on its first event (a client that stopped reading) and a healthy one
        try (LiveFanOut fanOut = new LiveFanOut(16)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<Throwable> stalledError = new AtomicReference<>();
            CountDownLatch stalledEnded = new CountDownLatch(1);
            fanOut.stream(Integer.class).subscribe(event -> await(release), error -> {
                stalledError.set(error);
                stalledEnded.countDown();
            });
            List<Integer> healthy = new CopyOnWriteArrayList<>();
            fanOut.stream(Integer.class).subscribe(healthy::add);

            // when 400 events are published, each as soon as the healthy subscriber has the one before
            long publishing = 0;
            for (int i = 0; i < 400; i++) {
                long started = System.nanoTime();
                fanOut.dispatch(i);
                publishing = Math.max(publishing, System.nanoTime() - started);
                awaitSize(healthy, i + 1);
            }
            release.countDown();

            // then the stalled subscriber was ended with the contract's error, the healthy one got all, in order
            assertThat(stalledEnded.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(stalledError.get()).isInstanceOfSatisfying(ApiException.class,
                    ex -> assertThat(ex.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE));
            awaitSize(healthy, 400);
            assertThat(healthy).hasSize(400).isSorted();
            assertThat(Duration.ofNanos(publishing)).as("longest publish").isLessThan(Duration.ofMillis(500));
        }
    }

    @Test
    void deliversOnAThreadOtherThanThePublishers() throws Exception {
        // given
        try (LiveFanOut fanOut = new LiveFanOut(16)) {
            AtomicReference<Thread> deliveredOn = new AtomicReference<>();
            CountDownLatch delivered = new CountDownLatch(1);
            fanOut.stream(String.class).subscribe(event -> {
                deliveredOn.set(Thread.currentThread());
                delivered.countDown();
            });

            // when
            fanOut.dispatch("hello");

            // then
            assertThat(delivered.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(deliveredOn.get()).isNotSameAs(Thread.currentThread());
            assertThat(deliveredOn.get().isVirtual()).isTrue();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitSize(List<?> list, int size) {
        try {
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(1)).until(() -> list.size() >= size);
        }
        catch (ConditionTimeoutException notYet) {
            // the caller asserts the size, naming what is missing
        }
    }
}
