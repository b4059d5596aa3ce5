package org.roost.identity.session;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.session.MapSession;
import org.springframework.session.SessionRepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The remnant a save racing a session's end leaves in Redis reads as no session, not as a failure (a 500). */
class EndedSessionTolerantRepositoryTest {

    /** Reads as Spring's Redis mapper does a hash that lacks its creation time. */
    static final class Remnants implements SessionRepository<MapSession> {

        final List<String> deleted = new ArrayList<>();
        String failure = "creationTime key must not be null";

        @Override
        public MapSession createSession() {
            return new MapSession();
        }

        @Override
        public void save(MapSession session) {
        }

        @Override
        public MapSession findById(String id) {
            throw new IllegalStateException(failure);
        }

        @Override
        public void deleteById(String id) {
            deleted.add(id);
        }
    }

    @Test
    void aRemnantOfAnEndedSessionIsNoSessionAndIsRemoved() {
        Remnants store = new Remnants();

        MapSession found = new EndedSessionTolerantRepository<>(store).findById("abc");

        assertThat(found).isNull();
        assertThat(store.deleted).containsExactly("abc");
    }

    @Test
    void anyOtherFailureStillFails() {
        Remnants store = new Remnants();
        store.failure = "something else";

        assertThatThrownBy(() -> new EndedSessionTolerantRepository<>(store).findById("abc"))
                .isInstanceOf(IllegalStateException.class);
        assertThat(store.deleted).isEmpty();
    }
}
