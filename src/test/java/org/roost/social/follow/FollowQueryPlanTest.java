package org.roost.social.follow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.QueryPlans;
import org.roost.support.RequiresServices;
import org.springframework.jdbc.core.simple.JdbcClient;

/** EXPLAIN of every paged and batched follows statement, against a user with 100,000 followers. */
@ExtendWith(RequiresServices.class)
class FollowQueryPlanTest {

    @Test
    void pagesAndBatchesReadOnlyTheRowsTheyReturn() throws Exception {
        // given one user with 100,000 followers and one with 1,000
        QueryPlans plans = QueryPlans.shared();
        JdbcClient jdbc = JdbcClient.create(plans.dataSource());
        FollowRepository follows = new FollowRepository(jdbc, plans.dataSource());

        // when follower and following pages, first and deep, and batches of both are read
        List<Long> first = follows.followers(QueryPlans.POPULAR_USER, null, 21);
        List<Long> deep = follows.followers(QueryPlans.POPULAR_USER, 50_000L, 21);
        follows.following(QueryPlans.FOLLOWING_USER, null, 21);
        follows.following(QueryPlans.FOLLOWING_USER, 1L, 21);
        List<FollowRepository.Edge> followers = follows.followersOf(List.of(1L, 2L, 3L), 10);
        List<FollowRepository.Edge> following = follows.followingOf(List.of(5L, 6L), 10);

        // then each page starts after its cursor, and no statement scans or sorts more than its page
        assertThat(first).startsWith(2L, 3L).hasSize(21);
        assertThat(deep).startsWith(50_001L).hasSize(21);
        assertThat(followers).hasSize(20).first().isEqualTo(new FollowRepository.Edge(1, 2));
        assertThat(following).extracting(FollowRepository.Edge::userId).containsExactly(1L, 2L, 1L, 2L);
        assertThat(plans.statements()).isEqualTo(6);
        assertThat(plans.problems()).isEmpty();
    }
}
