package org.roost.social.follow;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.identity.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessResourceFailureException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** The repair's recount fits the statement timeout: a range that hits it is split in halves until each fits. */
class RecountSplitTest {

    private final FollowRepository repository = mock(FollowRepository.class);
    private final FollowService service = new FollowService(repository, mock(UserService.class),
            mock(ApplicationEventPublisher.class), Clock.systemUTC());

    @Test
    void aRangeThatTimesOutIsSplitUntilEachPartFits() {
        // given 100 users where a statement over more than 8 of them hits PostgreSQL's statement timeout
        List<long[]> ranges = new ArrayList<>();
        when(repository.maxUserId()).thenReturn(99L);
        when(repository.recount(anyLong(), anyLong())).thenAnswer(call -> {
            long from = call.getArgument(0);
            long to = call.getArgument(1);
            if (to - from > 8) {
                throw new DataAccessResourceFailureException("timed out",
                        new SQLException("canceling statement due to statement timeout", "57014"));
            }
            ranges.add(new long[] { from, to });
            return (int) (to - from);
        });

        // when
        long fixed = service.recountAll(50);

        // then every user was recounted once, in ranges that fit
        assertThat(fixed).isEqualTo(100);
        assertThat(ranges).allSatisfy(range -> assertThat(range[1] - range[0]).isBetween(1L, 8L));
        assertThat(ranges.stream().mapToLong(range -> range[1] - range[0]).sum()).isEqualTo(100);
    }

    @Test
    void anotherFailureIsNotRetried() {
        when(repository.maxUserId()).thenReturn(99L);
        when(repository.recount(anyLong(), anyLong())).thenThrow(new DataAccessResourceFailureException("down",
                new SQLException("connection refused", "08001")));

        assertThatExceptionOfType(DataAccessResourceFailureException.class).isThrownBy(() -> service.recountAll(50));
    }
}
