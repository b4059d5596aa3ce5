package org.roost.platform.connections;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FileLimitTest {

    @Test
    void keepsMaxConnectionsThatFitWithTheHeadroom() {
        // given: 20,000 connections under a limit of 65,536 (headroom 6,553)
        // when
        int effective = FileLimit.effectiveMaxConnections(20_000, 65_536);

        // then
        assertThat(effective).isEqualTo(20_000);
    }

    @Test
    void lowersMaxConnectionsToTheLimitLessATenthWhenTheyDoNotFit() {
        // given: the measured case, 20,000 connections and ulimit -n 20,000
        // when
        int effective = FileLimit.effectiveMaxConnections(20_000, 20_000);

        // then: 2,000 descriptors stay for everything else
        assertThat(effective).isEqualTo(18_000);
    }

    @Test
    void keepsAtLeastAThousandDescriptorsOfHeadroom() {
        // when
        int effective = FileLimit.effectiveMaxConnections(8_192, 8_192);

        // then
        assertThat(FileLimit.headroom(8_192)).isEqualTo(1_000);
        assertThat(effective).isEqualTo(7_192);
    }

    @Test
    void leavesHalfOfASmallLimitToConnections() {
        // when: the common default ulimit -n 1024
        int effective = FileLimit.effectiveMaxConnections(20_000, 1_024);

        // then
        assertThat(effective).isEqualTo(512);
    }

    @Test
    void leavesUnlimitedOrUnknownAlone() {
        // when / then
        assertThat(FileLimit.effectiveMaxConnections(-1, 20_000)).isEqualTo(-1);
        assertThat(FileLimit.effectiveMaxConnections(20_000, 0)).isEqualTo(20_000);
    }
}
