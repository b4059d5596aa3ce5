package org.roost.platform.aot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuildTimeConditionsTest {

    @Test
    void settingsThatChooseTheBeansTheBuildMadeAgree() {
        assertThat(BuildTimeConditions.mismatches(false, false, false, false)).isEmpty();
        assertThat(BuildTimeConditions.mismatches(true, true, true, true)).isEmpty();
    }

    @Test
    void redisOrMailConfiguredOtherwiseThanAtBuildTimeIsNamed() {
        assertThat(BuildTimeConditions.mismatches(true, false, false, false))
                .containsExactly("Redis is configured, but the build keeps sessions in memory");
        assertThat(BuildTimeConditions.mismatches(false, true, false, false))
                .containsExactly("Redis is not configured, but the build keeps sessions in Redis");
        assertThat(BuildTimeConditions.mismatches(false, false, true, false))
                .containsExactly("spring.mail.host is set, but the build has no mail sender");
        assertThat(BuildTimeConditions.mismatches(true, false, false, true)).hasSize(2);
    }
}
