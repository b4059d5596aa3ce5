package org.roost.social.follow;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class FollowApiTest {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    @Test
    void followsIdempotentlyAndListsFullUserRepresentations() {
        // given
        var star = api().newUser("star");
        var fan = api().newUser("fan");
        String follow = "/api/v1/users/" + star.userId() + "/followers/" + fan.userId();

        // when
        var first = fan.apply(mvc.put().uri(follow)).exchange();
        var second = fan.apply(mvc.put().uri(follow)).exchange();

        // then
        assertThat(first).hasStatus(204);
        assertThat(second).hasStatus(204);
        var followers = fan.apply(mvc.get().uri("/api/v1/users/" + star.userId() + "/followers")).exchange();
        assertThat(followers).hasStatus(200).bodyJson().extractingPath("$.items[*].id").asArray()
                .containsExactly(Long.toString(fan.userId()));
        assertThat(followers).bodyJson().extractingPath("$.items[0].username").isEqualTo(fan.username());
        assertThat(followers).bodyJson().extractingPath("$.items[0]._links.self").isEqualTo("/api/v1/users/" + fan.userId());
        assertThat(fan.apply(mvc.get().uri("/api/v1/users/" + fan.userId() + "/following")).exchange())
                .bodyJson().extractingPath("$.items[*].id").asArray().containsExactly(Long.toString(star.userId()));
    }

    @Test
    void unfollowsIdempotently() {
        var star = api().newUser("star2");
        var fan = api().newUser("fan2");
        String follow = "/api/v1/users/" + star.userId() + "/followers/" + fan.userId();
        fan.apply(mvc.put().uri(follow)).exchange();

        assertThat(fan.apply(mvc.delete().uri(follow)).exchange()).hasStatus(204);
        assertThat(fan.apply(mvc.delete().uri(follow)).exchange()).hasStatus(204);
        assertThat(fan.apply(mvc.get().uri("/api/v1/users/" + star.userId() + "/followers")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void refusesFollowingOneself() {
        var me = api().newUser("narcissus");

        var result = me.apply(mvc.put().uri("/api/v1/users/" + me.userId() + "/followers/" + me.userId())).exchange();

        assertThat(result).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
    }

    @Test
    void letsOnlyTheFollowerFollowOrUnfollow() {
        var star = api().newUser("star3");
        var fan = api().newUser("fan3");
        var puppeteer = api().newUser("puppet");
        String follow = "/api/v1/users/" + star.userId() + "/followers/" + fan.userId();

        assertThat(puppeteer.apply(mvc.put().uri(follow)).exchange()).hasStatus(403);
        assertThat(puppeteer.apply(mvc.delete().uri(follow)).exchange()).hasStatus(403);
        assertThat(fan.apply(mvc.get().uri("/api/v1/users/" + star.userId() + "/followers")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void answersFollowersOfAMissingUserWithNotFound() {
        var me = api().newUser("ghost");

        assertThat(me.apply(mvc.get().uri("/api/v1/users/987654321/followers")).exchange()).hasStatus(404);
        assertThat(me.apply(mvc.put().uri("/api/v1/users/987654321/followers/" + me.userId())).exchange()).hasStatus(404);
    }
}
