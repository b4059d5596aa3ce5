package org.roost.graphql.transport;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import static org.assertj.core.api.Assertions.assertThat;

class VirtualSessionSchedulersTest {

    @Test
    void runsAWebSocketSessionsSenderOnAVirtualThread() {
        // given the factory, and the scheduler Spring for GraphQL makes for a connection
        VirtualSessionSchedulers.install();
        Scheduler session = Schedulers.newSingle(VirtualSessionSchedulers.SESSION_PREFIX + "42");
        try {
            // when a message is sent through it
            Thread sender = Mono.fromSupplier(Thread::currentThread).subscribeOn(session).block(Duration.ofSeconds(5));

            // then it ran on a virtual thread named after the connection
            assertThat(sender).isNotNull();
            assertThat(sender.isVirtual()).isTrue();
            assertThat(sender.getName()).isEqualTo(VirtualSessionSchedulers.SESSION_PREFIX + "42");
        }
        finally {
            session.dispose();
        }
    }

    @Test
    void leavesOtherSingleSchedulersOnPlatformThreads() {
        // given the factory
        VirtualSessionSchedulers.install();
        Scheduler other = Schedulers.newSingle("something-else");
        try {
            // when a task runs on another single scheduler
            Thread thread = Mono.fromSupplier(Thread::currentThread).subscribeOn(other).block(Duration.ofSeconds(5));

            // then it is Reactor's usual platform thread
            assertThat(thread).isNotNull();
            assertThat(thread.isVirtual()).isFalse();
        }
        finally {
            other.dispose();
        }
    }

    @Test
    void keepsAConnectionsMessagesInOrder() {
        // given a connection's scheduler
        VirtualSessionSchedulers.install();
        Scheduler session = Schedulers.newSingle(VirtualSessionSchedulers.SESSION_PREFIX + "7");
        try {
            // when many messages are published on it
            var seen = reactor.core.publisher.Flux.range(0, 1_000).publishOn(session).collectList()
                    .block(Duration.ofSeconds(5));

            // then they arrive in the order sent
            assertThat(seen).isSortedAccordingTo(Integer::compare).hasSize(1_000);
        }
        finally {
            session.dispose();
        }
    }
}
