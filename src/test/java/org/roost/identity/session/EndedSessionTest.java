package org.roost.identity.session;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** A session ended by one request while another of the same browser still uses it (sessions in Redis). */
@IntegrationTest
class EndedSessionTest {

    @Autowired
    SessionRepository<Session> sessions;

    @Test
    void savingASessionAnotherRequestEndedIsNoFailureAndDoesNotBringItBack() {
        // given a stored session, read by a second request
        var session = sessions.createSession();
        session.setAttribute("who", "someone");
        sessions.save(session);
        var inOtherRequest = sessions.findById(session.getId());

        // when the first request ends it, and the second then changes and saves its copy
        sessions.deleteById(session.getId());
        inOtherRequest.setAttribute("touched", 1L);

        // then the save neither fails nor stores the ended session again
        assertThatCode(() -> sessions.save(inOtherRequest)).doesNotThrowAnyException();
        assertThat(sessions.findById(session.getId())).isNull();
    }
}
