package org.roost.identity.session;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.scheduling.config.TaskManagementConfigUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** The switch test contexts use to keep the scheduled jobs off (roost.scheduling.enabled); on unless set false. */
class ScheduledJobsTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(SessionConfig.ScheduledJobs.class);

    @Test
    void schedulesJobsByDefault() {
        runner.run(context -> assertThat(context)
                .hasBean(TaskManagementConfigUtils.SCHEDULED_ANNOTATION_PROCESSOR_BEAN_NAME));
    }

    @Test
    void schedulesNothingWhenSwitchedOff() {
        runner.withPropertyValues("roost.scheduling.enabled=false").run(context -> assertThat(context)
                .hasNotFailed().doesNotHaveBean(TaskManagementConfigUtils.SCHEDULED_ANNOTATION_PROCESSOR_BEAN_NAME));
    }
}
