package org.roost;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.social.demo.DemoDataOnDemand;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.SessionRepository;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@EmbeddedDefaultsTest
class EmbeddedDefaultsOnH2Test {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    ApplicationContext context;

    /**
     * Demo data on: made in this shared service by the bean a start with {@code roost.demo-data.enabled=true} runs,
     * and removed after the test (DemoDataOnDemand), rather than in a service of its own.
     */
    @Nested
    class WithDemoData {

        DemoDataOnDemand demo;

        @BeforeEach
        void createDemoData() {
            demo = DemoDataOnDemand.create(context, mvc);
        }

        @AfterEach
        void removeDemoData() {
            demo.close();
        }

        @Test
        void createsDemoUsersWhoCanLogIn() {
            var result = mvc.post().uri("/login").contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                    .content("{\"username\":\"alice\",\"password\":\"correct horse battery\"}").exchange();

            assertThat(result).hasStatus(200).bodyJson().extractingPath("$.name").isEqualTo("Alice Liddell");
        }
    }

    @Test
    void runsTheWholeFlowOnH2WithSessionsInMemory() {
        // given
        var api = new ApiClient(mvc);
        var me = api.newUser("h2");
        var friend = api.newUser("h2friend");

        // when
        long post = api.createPost(me, "on h2");
        var follow = friend.apply(mvc.put().uri("/api/v1/users/" + me.userId() + "/followers/" + friend.userId())).exchange();

        // then
        assertThat(context.getBean(SessionRepository.class)).isInstanceOf(MapSessionRepository.class);
        assertThat(follow).hasStatus(204);
        assertThat(friend.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/posts/" + post)).exchange()).hasStatus(200);
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/followers")).exchange())
                .bodyJson().extractingPath("$.items[0].id").isEqualTo(Long.toString(friend.userId()));
        assertThat(me.apply(mvc.delete().uri("/api/v1/users/" + me.userId())).exchange()).hasStatus(204);
        assertThat(friend.apply(mvc.get().uri("/api/v1/users/" + friend.userId() + "/following")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
    }
}
