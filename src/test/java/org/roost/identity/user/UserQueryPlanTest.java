package org.roost.identity.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.QueryPlans;
import org.roost.support.RequiresServices;
import org.springframework.jdbc.core.simple.JdbcClient;

/** EXPLAIN of the users' list and batch lookups, against 100,001 users. */
@ExtendWith(RequiresServices.class)
class UserQueryPlanTest {

    @Test
    void pagesAndBatchesReadOnlyTheRowsTheyReturn() throws Exception {
        // given 100,001 users
        QueryPlans plans = QueryPlans.shared();
        UserRepository users = new UserRepository(JdbcClient.create(plans.dataSource()));

        // when the first and a deep page, and a batch by id, are read
        List<UserSummary> first = users.page(null, 21);
        List<UserSummary> deep = users.page(90_000L, 21);
        List<UserSummary> batch = users.findAll(List.of(1L, 500L, 99_999L));

        // then the pages start after their cursors, and no statement scans or sorts more than it returns
        assertThat(first.getFirst().id()).isEqualTo(1);
        assertThat(deep.getFirst().id()).isEqualTo(90_001);
        assertThat(batch).hasSize(3);
        assertThat(plans.statements()).isEqualTo(3);
        assertThat(plans.problems()).isEmpty();
    }
}
