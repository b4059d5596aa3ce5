package org.roost.platform.shared;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SiblingsTest {

    record Item(long id) {
    }

    @Test
    void loadsOncePerKeyAndKnowsItsOwnItemsByIdentity() {
        // given
        Item first = new Item(1);
        var siblings = new Siblings<>(List.of(first, new Item(2)));
        AtomicInteger loads = new AtomicInteger();

        // when
        String a = siblings.loadOnce("page 10", key -> key + " #" + loads.incrementAndGet());
        String b = siblings.loadOnce("page 10", key -> key + " #" + loads.incrementAndGet());
        String other = siblings.loadOnce("page 5", key -> key + " #" + loads.incrementAndGet());

        // then: an equal item loaded elsewhere (a list further down) is not one of these
        assertThat(a).isEqualTo(b).isEqualTo("page 10 #1");
        assertThat(other).isEqualTo("page 5 #2");
        assertThat(siblings.holds(first)).isTrue();
        assertThat(siblings.holds(new Item(1))).isFalse();
    }

    @Test
    void keepsAFailureForEveryItemInsteadOfLoadingAgain() {
        // given
        var siblings = new Siblings<>(List.of(new Item(1), new Item(2)));
        AtomicInteger loads = new AtomicInteger();
        IllegalStateException down = new IllegalStateException("database away");

        // when, then
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> siblings.loadOnce("page", key -> {
                loads.incrementAndGet();
                throw down;
            })).isSameAs(down);
        }
        assertThat(loads).hasValue(1);
    }
}
